import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import type { NoticeRow } from './notifications.repo.js';
import { createNotificationsService } from './notifications.service.js';

const row = (id: string, readAt: Date | null = null): NoticeRow => ({
  id,
  userId: 'u1',
  code: 'balance.low',
  params: { balance: '1.00', threshold: '5.00' },
  key: `low:${id}`,
  readAt,
  emailDue: null,
  emailedAt: null,
  emailAttempts: 0,
  createdAt: new Date('2026-01-01T00:00:00Z'),
});

function fakeRepo() {
  const marked: { userId: string; ids: string[] | 'all'; at: Date }[] = [];
  return {
    marked,
    language: new Map<string, string>(),
    async page(_userId: string, before: string | undefined) {
      if (before === 'other') return 'unknown-cursor' as const;
      return { rows: [row('n2'), row('n1', new Date('2026-01-02T00:00:00Z'))], hasMore: true };
    },
    async unread() {
      return 1;
    },
    async markRead(userId: string, ids: string[] | 'all', at: Date) {
      marked.push({ userId, ids, at });
      return 0;
    },
    async setLanguage(userId: string, language: string) {
      this.language.set(userId, language);
    },
  };
}

const at = new Date('2026-02-03T04:05:06Z');

describe('notifications service', () => {
  it('lists a page with the unread count, times as ISO strings', async () => {
    const service = createNotificationsService({ repo: fakeRepo(), now: () => at });
    const page = await service.list('u1', { limit: 2 });
    expect(page.unread).toBe(1);
    expect(page.hasMore).toBe(true);
    expect(page.items[1]).toEqual({
      id: 'n1',
      code: 'balance.low',
      params: { balance: '1.00', threshold: '5.00' },
      readAt: '2026-01-02T00:00:00.000Z',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
  });

  it('refuses a cursor that is not the customer’s, naming the field', async () => {
    const service = createNotificationsService({ repo: fakeRepo() });
    const err = await service.list('u1', { before: 'other', limit: 2 }).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.fields.map((f: { path: string }) => f.path)).toEqual(['querystring.before']);
  });

  it('marks each id once, or all, at the clock’s time', async () => {
    const repo = fakeRepo();
    const service = createNotificationsService({ repo, now: () => at });
    expect(await service.read('u1', { ids: ['a', 'b', 'a'] })).toEqual({ unread: 0 });
    await service.read('u1', { all: true });
    expect(repo.marked).toEqual([
      { userId: 'u1', ids: ['a', 'b'], at },
      { userId: 'u1', ids: 'all', at },
    ]);
  });

  it('stores the language', async () => {
    const repo = fakeRepo();
    await createNotificationsService({ repo }).setLanguage('u1', 'ja');
    expect(repo.language.get('u1')).toBe('ja');
  });
});
