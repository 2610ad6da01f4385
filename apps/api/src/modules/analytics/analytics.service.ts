import {
  type Analytics,
  analyticsSchema,
  BILLING_CURRENCY,
  divide,
  moneyText,
} from '@parley/shared';
import type { AnalyticsRepo } from './analytics.repo.js';

/** The window of "last 30 days" figures. */
export const ANALYTICS_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const ORDER_KINDS = { package: 'package', sip_domain: 'sipDomain', number: 'number' } as const;

/**
 * The admin's Analytics tab: real figures from the database (definitions in the
 * contract), counted by a job every `intervalMs` and read from where it stored them
 * (decision 0072). Figures older than two intervals (no job keeping them) are counted
 * again before they are shown; an admin may ask for a recount at any time.
 */
export function createAnalyticsService(deps: {
  repo: AnalyticsRepo;
  intervalMs: number;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  let counting: Promise<Analytics> | null = null;

  /** The stored figures when younger than `maxAgeMs` and still of today's shape. */
  async function stored(maxAgeMs: number): Promise<Analytics | null> {
    const last = await deps.repo.latest();
    if (!last || now().getTime() - last.generatedAt.getTime() >= maxAgeMs) return null;
    const figures = analyticsSchema.safeParse(last.figures);
    return figures.success ? figures.data : null;
  }

  /** Counts and stores the figures; a count under way is shared, not started again. */
  function countAndStore(): Promise<Analytics> {
    counting ??= count()
      .then(async (figures) => {
        await deps.repo.store(figures);
        return figures;
      })
      .finally(() => {
        counting = null;
      });
    return counting;
  }

  async function count(): Promise<Analytics> {
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
  }

  return {
    /** What the Analytics tab shows. */
    async summary(): Promise<Analytics> {
      return (await stored(2 * deps.intervalMs)) ?? countAndStore();
    },
    /** The figures counted now (admins asking at once share one count). */
    recount: (): Promise<Analytics> => countAndStore(),
    /** The job's pass: counts unless another instance has just done so. */
    async pass(): Promise<'counted' | 'fresh'> {
      if (await stored(deps.intervalMs / 2)) return 'fresh';
      await countAndStore();
      return 'counted';
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
