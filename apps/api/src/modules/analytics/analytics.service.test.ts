import { describe, expect, it } from 'vitest';
import type { AnalyticsRepo } from './analytics.repo.js';
import { createAnalyticsService } from './analytics.service.js';

describe('analytics service', () => {
  it('asks for the last 30 days and shapes what the repo read', async () => {
    const asked: Date[] = [];
    const repo: AnalyticsRepo = {
      async read(since) {
        asked.push(since);
        return {
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
      },
    };
    const now = new Date('2026-03-31T12:00:00.000Z');
    const summary = await createAnalyticsService({ repo, now: () => now }).summary();
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
});
