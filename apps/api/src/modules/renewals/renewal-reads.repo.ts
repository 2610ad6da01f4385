import { IN_SERVICE, notice } from '@parley/shared';
import { and, asc, eq, gt, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { insertNotifications, type NotificationRow } from '../../db/notifications.js';
import { rowsOf, timestamptz } from '../../db/raw.js';
import { notifications, orders, users } from '../../db/schema/index.js';
import type { OrderRow } from './renewal-locks.repo.js';
import type { RenewalSettings } from './renewal-rules.js';

/** Reminders written per statement. */
const CHUNK = 500;
/** A reminder's key: this, the order's id, a colon and the period. */
const REMINDER = 'renewal.reminder:';

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
     * Everyone with a renewal within `days` that will renew: those items, what their
     * customer has available and whether the next period's reminder is written. The
     * orders come by their index, each customer's balance by key: a join would hash every
     * customer on a large history.
     */
    async renewingSoon(now: Date) {
      const until = new Date(now.getTime() + settings.reminderMs);
      return db
        .select({
          order: orders,
          // Spelt out with their table: drizzle leaves a one-table select's columns bare,
          // and a bare name in these subqueries would be the inner table's.
          available: sql<string>`(select (u.crypto_balance - u.held)::numeric(20, 4)::text
            from ${users} u where u.id = "orders"."user_id")`,
          // Whether its next period's reminder is written: most are, after the first pass.
          // A scalar subquery, looked up by key for each order: PostgreSQL may answer an
          // EXISTS by hashing the whole table.
          reminded: sql<boolean>`coalesce((select true from ${notifications} n
            where n.user_id = "orders"."user_id"
              and n.key = ${REMINDER} || "orders"."id" || ':' || ("orders"."paid_through" + 1)),
            false)`,
        })
        .from(orders)
        .where(
          and(
            inArray(orders.status, IN_SERVICE),
            eq(orders.autoRenew, true),
            isNotNull(orders.renewalCharge),
            lte(orders.renewsAt, until),
          ),
        );
    },

    /**
     * Writes each reminder unless one was written for its order and period, a chunk per
     * statement (most were written by an earlier pass); the ones written now.
     */
    async remind(
      due: {
        order: OrderRow;
        period: number;
        params: { amount: string; renewsAt: string; shortfall: string };
      }[],
      now: Date,
    ) {
      const written: NotificationRow[] = [];
      for (let i = 0; i < due.length; i += CHUNK) {
        const chunk = due.slice(i, i + CHUNK).map(({ order, period, params }) => ({
          userId: order.userId,
          ...notice('renewal.reminder', { item: order.name, ...params }),
          key: `${REMINDER}${order.id}:${period}`,
          email: true,
          at: now,
        }));
        written.push(...(await insertNotifications(db, chunk)));
      }
      return written;
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
