import { type Analytics, BILLING_CURRENCY, divide, moneyText } from '@parley/shared';
import type { AnalyticsRepo } from './analytics.repo.js';

/** The window of "last 30 days" figures. */
export const ANALYTICS_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const ORDER_KINDS = { package: 'package', sip_domain: 'sipDomain', number: 'number' } as const;

/** The admin's Analytics tab: real figures from the database (definitions in the contract). */
export function createAnalyticsService(deps: { repo: AnalyticsRepo; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    async summary(): Promise<Analytics> {
      const at = now();
      const since = new Date(at.getTime() - ANALYTICS_WINDOW_DAYS * DAY_MS);
      const { customers, payments, activeOrders, voice } = await deps.repo.read(since);
      const minutes = (seconds: string) => divide(seconds, '60', 2, 'down');
      const orders = { package: 0, sipDomain: 0, number: 0, total: 0 };
      for (const { kind, n } of activeOrders) {
        const key = ORDER_KINDS[kind as keyof typeof ORDER_KINDS];
        if (key) orders[key] += n;
        orders.total += n;
      }
      return {
        currency: BILLING_CURRENCY,
        revenue: { total: payments.revenue, last30Days: payments.revenueSince },
        customers: { total: customers.total, active30Days: customers.active },
        payments: {
          pendingCount: payments.pendingCount,
          pendingValue: payments.pendingValue,
          approvedCount: payments.approvedCount,
          rejectedCount: payments.rejectedCount,
        },
        activeOrders: orders,
        customerBalances: customers.balances,
        voice: {
          revenue: { total: moneyText(voice.revenue), last30Days: moneyText(voice.revenueSince) },
          billedMinutes: {
            total: minutes(voice.billedSeconds),
            last30Days: minutes(voice.billedSecondsSince),
          },
          calls: { total: voice.calls, last30Days: voice.callsSince },
        },
        generatedAt: at.toISOString(),
      };
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
