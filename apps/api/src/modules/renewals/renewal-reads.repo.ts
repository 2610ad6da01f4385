import { IN_SERVICE, notice } from '@parley/shared';
import { and, asc, eq, gt, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { insertNotification } from '../../db/notifications.js';
import { rowsOf, timestamptz } from '../../db/raw.js';
import { orders, users } from '../../db/schema/index.js';
import type { OrderRow } from './renewal-locks.repo.js';
import type { RenewalSettings } from './renewal-rules.js';

/** What renewals read: orders due, unpaid or renewing soon, a customer's items; reminders. */
export function createRenewalReadsRepo(db: Db, settings: RenewalSettings) {
  return {
    /**
     * Orders with something to do by `now`, at most `limit`, in id order after `afterId`:
     * a pass walks them all once, so an order that keeps failing never holds up the rest.
     */
    async due(now: Date, limit: number, afterId?: string) {
      const releaseBefore = new Date(now.getTime() - settings.releaseMs);
      return db
        .select({ id: orders.id, userId: orders.userId })
        .from(orders)
        .where(
          and(
            isNotNull(orders.renewalCharge),
            afterId ? gt(orders.id, afterId) : undefined,
            or(
              and(eq(orders.status, 'active'), lte(orders.renewsAt, now)),
              and(
                eq(orders.status, 'grace'),
                or(lte(orders.retryAt, now), lte(orders.graceUntil, now)),
              ),
              and(eq(orders.status, 'suspended'), lte(orders.suspendedAt, releaseBefore)),
            ),
          ),
        )
        .orderBy(asc(orders.id))
        .limit(limit);
    },

    /** A customer's unpaid orders (grace, suspended): tried at once when money arrives. */
    async unpaid(userId: string) {
      return db
        .select({ id: orders.id, userId: orders.userId })
        .from(orders)
        .where(and(eq(orders.userId, userId), inArray(orders.status, ['grace', 'suspended'])));
    },

    /**
     * Everyone with a renewal within `days` that will renew: their balance and those
     * items, for the reminders.
     */
    async renewingSoon(now: Date) {
      const until = new Date(now.getTime() + settings.reminderMs);
      return db
        .select({
          order: orders,
          balance: users.cryptoBalance,
          held: users.held,
        })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(
          and(
            inArray(orders.status, IN_SERVICE),
            eq(orders.autoRenew, true),
            isNotNull(orders.renewalCharge),
            lte(orders.renewsAt, until),
          ),
        )
        .orderBy(orders.userId);
    },

    /** Writes a reminder unless one was written for this period. */
    async remind(
      order: OrderRow,
      period: number,
      params: { amount: string; renewsAt: string; shortfall: string },
      now: Date,
    ) {
      return insertNotification(db, {
        userId: order.userId,
        ...notice('renewal.reminder', { item: order.name, ...params }),
        key: `renewal.reminder:${order.id}:${period}`,
        email: true,
        at: now,
      });
    },

    /** The customer's monthly items (ended ones of the last 90 days too), and their money. */
    async mine(userId: string, now: Date) {
      const since = new Date(now.getTime() - 90 * 86_400_000);
      const items = await db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId),
            isNotNull(orders.renewalCharge),
            or(
              sql`${orders.status} <> 'cancelled'`,
              sql`${orders.endedAt} >= ${timestamptz(since)}`,
            ),
          ),
        )
        .orderBy(asc(orders.createdAt));
      const [user] = await db
        .select({ balance: users.cryptoBalance, held: users.held })
        .from(users)
        .where(eq(users.id, userId));
      // SMS and calls of the last 30 days, net of refunds: the usage trend.
      const usage = await db.execute(sql`
        select coalesce(-sum(amount), 0)::numeric(20, 4)::text as spent
        from ledger_entries
        where user_id = ${userId} and kind in ('charge', 'refund')
          and created_at >= ${timestamptz(new Date(now.getTime() - 30 * 86_400_000))}`);
      const spent30 = rowsOf<{ spent: string }>(usage)[0]?.spent ?? '0';
      return { items, user: user ?? { balance: '0', held: '0' }, spent30 };
    },

    async byId(id: string) {
      const [row] = await db
        .select({ order: orders, email: users.email })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, id));
      return row ?? null;
    },
  };
}
