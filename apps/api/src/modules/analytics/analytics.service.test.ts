import { describe, expect, it, vi } from 'vitest';
import type { AnalyticsRepo } from './analytics.repo.js';
import { createAnalyticsService } from './analytics.service.js';

type Read = Awaited<ReturnType<AnalyticsRepo['read']>>;

/** A repo that stores in memory and counts how often it was read. */
function memoryRepo(read: (since: Date) => Promise<Read>) {
  const repo = {
    latest: null as { figures: unknown; generatedAt: Date } | null,
    reads: 0,
    async read(since: Date) {
      repo.reads += 1;
      return read(since);
    },
  };
  const api: AnalyticsRepo = {
    read: (since) => repo.read(since),
    latest: async () => repo.latest,
    store: async (figures) => {
      repo.latest = { figures, generatedAt: new Date(figures.generatedAt) };
    },
  };
  return { repo, api };
}
const MINUTE = 60_000;
const READ: Read = {
  customers: { total: 7, active: 4, balances: '10.50' },
  payments: {
    revenue: '300.00',
    revenueSince: '120.00',
    approvedCount: 3,
    rejectedCount: 1,
    pendingCount: 2,
    pendingValue: '79.00',
  },
  activeOrders: [
    { kind: 'package', n: 5 },
    { kind: 'number', n: 2 },
  ],
  voice: {
    revenue: '12.3450',
    revenueSince: '0.0125',
    billedSeconds: '3690',
    billedSecondsSince: '61',
    calls: 40,
    callsSince: 3,
  },
};

describe('analytics service', () => {
  it('asks for the last 30 days and shapes what the repo read', async () => {
    const asked: Date[] = [];
    const { api: repo } = memoryRepo(async (since) => {
      asked.push(since);
      return READ;
    });
    const now = new Date('2026-03-31T12:00:00.000Z');
    const summary = await createAnalyticsService({
      repo,
      maxAgeMs: MINUTE,
      now: () => now,
      log: { error: () => {} },
    }).summary();
    expect(asked).toEqual([new Date('2026-03-01T12:00:00.000Z')]);
    expect(summary).toEqual({
      currency: 'GBP',
      revenue: { total: '300.00', last30Days: '120.00' },
      customers: { total: 7, active30Days: 4 },
      payments: { pendingCount: 2, pendingValue: '79.00', approvedCount: 3, rejectedCount: 1 },
      activeOrders: { package: 5, sipDomain: 0, number: 2, total: 7 },
      customerBalances: '10.50',
      voice: {
        revenue: { total: '12.345', last30Days: '0.0125' },
        billedMinutes: { total: '61.50', last30Days: '1.01' },
        calls: { total: 40, last30Days: 3 },
      },
      generatedAt: '2026-03-31T12:00:00.000Z',
    });
  });

  it('shows the stored figures, counting again behind them once they are old', async () => {
    const { repo, api } = memoryRepo(async () => READ);
    let now = new Date('2026-03-31T12:00:00.000Z');
    const later = (ms: number) => {
      now = new Date(now.getTime() + ms);
    };
    const analytics = createAnalyticsService({
      repo: api,
      maxAgeMs: MINUTE,
      now: () => now,
      log: { error: () => {} },
    });
    // None stored: the read waits for the count.
    const first = await analytics.summary();
    expect(repo.reads).toBe(1);
    later(MINUTE - 1);
    expect(await analytics.summary()).toEqual(first);
    expect(repo.reads).toBe(1);
    // Old: shown as they are, and counted again for the next read.
    later(1);
    expect(await analytics.summary()).toEqual(first);
    await vi.waitFor(() => expect(repo.reads).toBe(2));
    await vi.waitFor(async () =>
      expect((await analytics.summary()).generatedAt).toBe(now.toISOString()),
    );
    // Figures stored in another shape (an older release's) are counted before they show.
    repo.latest = { figures: { revenue: 1 }, generatedAt: now };
    expect((await analytics.summary()).currency).toBe('GBP');
    expect(repo.reads).toBe(3);
  });

  it('recounts on request; a count that began before the request is followed by a new one', async () => {
    let release = () => {};
    let reads = 0;
    const { api } = memoryRepo(async () => {
      reads += 1;
      if (reads === 1) await new Promise<void>((r) => (release = r));
      return READ;
    });
    let t = 0;
    const analytics = createAnalyticsService({
      repo: api,
      maxAgeMs: MINUTE,
      now: () => new Date(Date.UTC(2026, 2, 31) + t),
      log: { error: () => {} },
    });
    const early = analytics.recount();
    await vi.waitFor(() => expect(reads).toBe(1));
    t += 1000;
    // Asked after the first count began: two asking now share one new count.
    const [a, b] = [analytics.recount(), analytics.recount()];
    release();
    await Promise.all([early, a, b]);
    expect(reads).toBe(2);
    expect((await a).generatedAt).toBe(new Date(Date.UTC(2026, 2, 31) + 1000).toISOString());
  });
});
