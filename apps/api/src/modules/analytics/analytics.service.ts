import {
  type Analytics,
  analyticsSchema,
  BILLING_CURRENCY,
  divide,
  moneyText,
} from '@parley/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AnalyticsRepo } from './analytics.repo.js';

/** The window of "last 30 days" figures. */
export const ANALYTICS_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const ORDER_KINDS = { package: 'package', sip_domain: 'sipDomain', number: 'number' } as const;

/**
 * The admin's Analytics tab: real figures from the database (definitions in the
 * contract), read from where the last count stored them (decision 0072). Figures older
 * than `maxAgeMs` are shown as they are while a count runs in the background, so the
 * next read has fresh ones; with none stored yet, the read waits for the count. An
 * admin may ask for a count at any time. Nothing counts while nobody looks.
 */
export function createAnalyticsService(deps: {
  repo: AnalyticsRepo;
  maxAgeMs: number;
  now?: () => Date;
  log: Pick<FastifyBaseLogger, 'error'>;
}) {
  const now = deps.now ?? (() => new Date());
  /** The count under way (or waiting for the one before it), and when it started. */
  let counting: { startedAt: number; done: Promise<Analytics> } | null = null;

  /** The stored figures and their age, unless of an older release's shape. */
  async function stored(): Promise<{ figures: Analytics; ageMs: number } | null> {
    const last = await deps.repo.latest();
    if (!last) return null;
    const figures = analyticsSchema.safeParse(last.figures);
    if (!figures.success) return null;
    return { figures: figures.data, ageMs: now().getTime() - last.generatedAt.getTime() };
  }

  /**
   * Counts and stores the figures. A count started at or after `askedAt` is shared;
   * an older one (it may miss what the asker just did) is followed by a new one.
   */
  function countAndStore(askedAt: number): Promise<Analytics> {
    if (counting && counting.startedAt >= askedAt) return counting.done;
    const before = counting?.done.catch(() => {}) ?? Promise.resolve();
    // Not started until the one before it ends: whoever asks meanwhile shares it.
    const mine = { startedAt: Number.POSITIVE_INFINITY } as NonNullable<typeof counting>;
    mine.done = before
      .then(async () => {
        mine.startedAt = now().getTime();
        const figures = await count();
        await deps.repo.store(figures);
        return figures;
      })
      .finally(() => {
        if (counting === mine) counting = null;
      });
    counting = mine;
    return mine.done;
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
      const last = await stored();
      if (!last) return countAndStore(Number.NEGATIVE_INFINITY);
      if (last.ageMs >= deps.maxAgeMs)
        countAndStore(Number.NEGATIVE_INFINITY).catch((err: unknown) =>
          deps.log.error({ err }, 'analytics: the count failed'),
        );
      return last.figures;
    },
    /** The figures counted from now (admins asking at once share one count). */
    recount: (): Promise<Analytics> => countAndStore(now().getTime()),
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
