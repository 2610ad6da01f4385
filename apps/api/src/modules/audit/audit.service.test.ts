import { auditQuerySchema } from '@parley/shared';
import { describe, expect, it } from 'vitest';
import type { AuditFilter, AuditRepo } from './audit.repo.js';
import { createAuditService } from './audit.service.js';

type PageRows = Awaited<ReturnType<AuditRepo['page']>>['rows'];

/** A repo answering `rows` (of `total`) and recording what the service asked for. */
function fakeRepo(rows: PageRows, total = rows.length) {
  const asked: { filter: AuditFilter; limit: number; offset: number }[] = [];
  const repo: AuditRepo = {
    async page(filter, limit, offset) {
      asked.push({ filter, limit, offset });
      return { rows, total };
    },
    async facets() {
      return { actions: ['payment.approve'], targetTypes: ['payment'] };
    },
  };
  return { repo, asked };
}

const entry = (overrides: Partial<PageRows[number]['entry']> = {}) => ({
  id: 'a1',
  actorId: 'admin-1' as string | null,
  action: 'payment.approve',
  targetType: 'payment',
  targetId: 'p1',
  before: { status: 'pending' } as unknown,
  after: { status: 'approved' } as unknown,
  ip: '10.0.0.1' as string | null,
  createdAt: new Date('2026-04-01T10:00:00.000Z'),
  ...overrides,
});

describe('audit service', () => {
  it('reads whole UTC days: from the start of `from` to the end of `to` (exclusive next midnight)', async () => {
    const { repo, asked } = fakeRepo([]);
    await createAuditService({ repo }).page(
      auditQuerySchema.parse({ from: '2026-04-01', to: '2026-04-03' }),
    );
    expect(asked[0]?.filter.from).toEqual(new Date('2026-04-01T00:00:00.000Z'));
    expect(asked[0]?.filter.until).toEqual(new Date('2026-04-04T00:00:00.000Z'));
  });

  it('pages by offset and leaves out an empty actor or target id', async () => {
    const { repo, asked } = fakeRepo([], 60);
    const page = await createAuditService({ repo }).page(
      auditQuerySchema.parse({ page: '3', pageSize: '20', actor: '', targetId: '' }),
    );
    expect(asked[0]).toMatchObject({ limit: 20, offset: 40 });
    expect(asked[0]?.filter.actor).toBeUndefined();
    expect(asked[0]?.filter.targetId).toBeUndefined();
    expect(asked[0]?.filter.from).toBeUndefined();
    expect(asked[0]?.filter.until).toBeUndefined();
    expect(page).toMatchObject({ total: 60, page: 3, pageSize: 20 });
  });

  it('names the acting admin only when the row has both an actor and their email', async () => {
    const { repo } = fakeRepo([
      { entry: entry(), actorEmail: 'admin@example.com' },
      { entry: entry({ id: 'a2', actorId: null }), actorEmail: null },
      // The admin was deleted since: the email is gone.
      { entry: entry({ id: 'a3' }), actorEmail: null },
    ]);
    const page = await createAuditService({ repo }).page(auditQuerySchema.parse({}));
    expect(page.items.map((i) => i.actor)).toEqual([
      { id: 'admin-1', email: 'admin@example.com' },
      null,
      null,
    ]);
    expect(page.items[0]).toMatchObject({
      action: 'payment.approve',
      before: { status: 'pending' },
      after: { status: 'approved' },
      createdAt: '2026-04-01T10:00:00.000Z',
    });
  });

  it('hands on the facets the repo reads', async () => {
    const { repo } = fakeRepo([]);
    expect(await createAuditService({ repo }).facets()).toEqual({
      actions: ['payment.approve'],
      targetTypes: ['payment'],
    });
  });
});
