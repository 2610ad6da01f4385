import { randomUUID } from 'node:crypto';
import { add, compareDecimal, parseCsv } from '@parley/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { createEventBus } from '../../lib/event-bus.js';
import type { AdjustmentWrite, LedgerRepo, LedgerRow } from './ledger.repo.js';
import { createLedgerService } from './ledger.service.js';

const ADMIN = { id: 'admin', ip: '127.0.0.1' };

/**
 * The ledger in memory, with the database's rules: a balance never below zero, a
 * (kind, reference) used once. `race` makes the next write lose to an identical one.
 */
function setUp() {
  const balances = new Map<string, string>([['ada', '10.0000']]);
  const rows: LedgerRow[] = [];
  const audits: AdjustmentWrite[] = [];
  let race = false;
  const write = (input: AdjustmentWrite): LedgerRow => {
    const after = add(balances.get(input.userId) ?? '0', input.amount, 4);
    const row: LedgerRow = {
      id: randomUUID(),
      userId: input.userId,
      amount: add(input.amount, '0', 4),
      currency: input.currency,
      kind: 'adjustment',
      reference: input.reference,
      balanceAfter: after,
      rate: null,
      note: input.note,
      createdAt: new Date('2026-05-03T10:00:00Z'),
    };
    balances.set(input.userId, after);
    rows.push(row);
    audits.push(input);
    return row;
  };
  const repo: LedgerRepo = {
    userExists: async (id) => balances.has(id),
    page: async (userId, kind, page, pageSize) => {
      const mine = rows.filter((r) => r.userId === userId && (!kind || r.kind === kind));
      return { items: mine.slice((page - 1) * pageSize, page * pageSize), total: mine.length };
    },
    findAdjustment: async (reference) => rows.find((r) => r.reference === reference),
    adjust: async (input) => {
      if (!balances.has(input.userId)) return { ok: false, reason: 'no-user' };
      if (race) {
        race = false;
        write(input);
        return { ok: false, reason: 'duplicate' };
      }
      if (rows.some((r) => r.reference === input.reference))
        return { ok: false, reason: 'duplicate' };
      const after = add(balances.get(input.userId) ?? '0', input.amount, 4);
      if (compareDecimal(after, '0') < 0) return { ok: false, reason: 'balance-too-low' };
      return { ok: true, entry: write(input) };
    },
    statement: async (userId, _from, _until, max) => {
      const mine = rows.filter((r) => r.userId === userId);
      return { opening: '10.0000', entries: mine.slice(0, max), more: mine.length > max };
    },
  };
  const events = createEventBus();
  const published: unknown[] = [];
  events.subscribe((e) => published.push(e));
  const service = createLedgerService({ repo, events });
  return { service, balances, rows, audits, published, loseNextRace: () => (race = true) };
}

const request = (over: Record<string, string> = {}) => ({
  requestId: randomUUID(),
  direction: 'credit' as 'credit' | 'debit',
  amount: '12.34',
  note: 'Goodwill',
  ...over,
});

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) => (err instanceof AppError ? err.code : String(err)),
  );

describe('ledger service: adjustments', () => {
  it('credits and debits with the sign the direction gives, and says so on the bus', async () => {
    const { service, balances, audits, published } = setUp();
    const credit = await service.adjust('ada', request(), ADMIN);
    expect(credit).toMatchObject({ balance: '22.34', entry: { amount: '12.34' } });
    const debit = await service.adjust(
      'ada',
      request({ direction: 'debit', amount: '2.34' }),
      ADMIN,
    );
    expect(debit.entry.amount).toBe('-2.34');
    expect(balances.get('ada')).toBe('20.0000');
    expect(audits.map((a) => a.by.actorId)).toEqual(['admin', 'admin']);
    expect(published).toHaveLength(2);
  });

  it('answers a repeated request id with the first result, moving nothing', async () => {
    const { service, rows } = setUp();
    const first = request();
    const a = await service.adjust('ada', first, ADMIN);
    expect(await service.adjust('ada', first, ADMIN)).toEqual(a);
    expect(rows).toHaveLength(1);
  });

  it('answers the winner’s result when an identical request won the race', async () => {
    const { service, rows, loseNextRace } = setUp();
    loseNextRace();
    const result = await service.adjust('ada', request(), ADMIN);
    expect(result.balance).toBe('22.34');
    expect(rows).toHaveLength(1);
  });

  it('refuses a reused request id with another body or for another customer', async () => {
    const { service, balances } = setUp();
    balances.set('bob', '0');
    const first = request();
    await service.adjust('ada', first, ADMIN);
    expect(await codeOf(service.adjust('ada', { ...first, amount: '1.00' }, ADMIN))).toBe(
      'IDEMPOTENCY_KEY_REUSED',
    );
    expect(await codeOf(service.adjust('ada', { ...first, direction: 'debit' }, ADMIN))).toBe(
      'IDEMPOTENCY_KEY_REUSED',
    );
    expect(await codeOf(service.adjust('bob', first, ADMIN))).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('refuses a debit below zero, an unknown user and one’s own balance', async () => {
    const { service, rows } = setUp();
    const debit = request({ direction: 'debit', amount: '10.01' });
    expect(await codeOf(service.adjust('ada', debit, ADMIN))).toBe('INSUFFICIENT_BALANCE');
    expect(await codeOf(service.adjust('nobody', request(), ADMIN))).toBe('NOT_FOUND');
    expect(await codeOf(service.adjust('admin', request(), ADMIN))).toBe(
      'SELF_ADJUSTMENT_FORBIDDEN',
    );
    expect(rows).toHaveLength(0);
  });
});

describe('ledger service: statements', () => {
  it('closes at the opening plus the entries, under a file name for the range', async () => {
    const { service } = setUp();
    await service.adjust('ada', request(), ADMIN);
    const { filename, csv } = await service.statement(
      'ada',
      { from: '2026-05-01', to: '2026-05-31' },
      'statement-ada',
    );
    expect(filename).toBe('statement-ada-2026-05-01-2026-05-31.csv');
    expect(parseCsv(csv).at(-1)).toEqual([
      '2026-05-31',
      'Closing balance',
      '',
      '',
      '',
      '',
      '22.34',
      'GBP',
    ]);
  });

  it('refuses an unknown user', async () => {
    const { service } = setUp();
    expect(
      await codeOf(service.statement('nobody', { from: '2026-05-01', to: '2026-05-01' })),
    ).toBe('NOT_FOUND');
  });
});
