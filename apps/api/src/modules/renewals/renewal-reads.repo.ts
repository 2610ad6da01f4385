import { IN_SERVICE, notice } from '@parley/shared';
import { and, asc, eq, gt, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { insertNotifications, type NotificationRow } from '../../db/notifications.js';
import { asIsoText, preparedRead } from '../../db/raw.js';
import { notifications, orders, users } from '../../db/schema/index.js';
import type { OrderRow, SubscriptionRow } from './renewal-locks.repo.js';
import type { RenewalSettings } from './renewal-rules.js';

/** Reminders written per statement. */
const CHUNK = 500;
/** A reminder's key: this, the order's id, a colon and the period. */
const REMINDER = 'renewal.reminder:';

const DAY_MS = 86_400_000;

type Timed = 'renewsAt' | 'graceUntil' | 'suspendedAt' | 'endedAt' | 'createdAt';
/** A subscription as read, its times as ISO text. */
type ItemText = Omit<SubscriptionRow, Timed> & {
  [K in Exclude<Timed, 'createdAt'>]: string | null;
} & { createdAt: string };

/**
 * The customer's subscriptions page, read on every visit (user, ended since): a prepared
 * read on the driver with the columns the page shows, since mapping every column of every
 * order through drizzle cost more CPU than the query (docs/performance.md, decision 0033).
 */
const ITEMS_SQL = `select id, item_kind as "itemKind", item_id as "itemId", name,
   renewal_charge::text as "renewalCharge", status, auto_renew as "autoRenew",
   paid_through as "paidThrough", ${asIsoText('renews_at')} as "renewsAt",
   ${asIsoText('grace_until')} as "graceUntil", ${asIsoText('suspended_at')} as "suspendedAt",
   ${asIsoText('ended_at')} as "endedAt", ${asIsoText('created_at')} as "createdAt"
 from orders
 where user_id = $1 and renewal_charge is not null
   and (status <> 'cancelled' or ended_at >= $2::timestamptz)
 order by created_at, id`;

/** Their balance, what is held, and SMS and calls of the last 30 days net of refunds. */
const MONEY_SQL = `select crypto_balance::text as balance, held::text as held,
   (select coalesce(-sum(amount), 0)::numeric(20, 4)::text from ledger_entries
     where user_id = $1 and kind in ('charge', 'refund') and created_at >= $2::timestamptz) as spent
 from users where id = $1`;

const dateOrNull = (iso: string | null) => (iso === null ? null : new Date(iso));

/** What renewals read: orders due, unpaid or renewing soon, a customer's items; reminders. */
export function createRenewalReadsRepo(db: Db, settings: RenewalSettings) {
  const itemsQuery = preparedRead<ItemText>(db, ITEMS_SQL);
  const moneyQuery = preparedRead<{ balance: string; held: string; spent: string }>(db, MONEY_SQL);
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
      const since = new Date(now.getTime() - 90 * DAY_MS).toISOString();
      const usageSince = new Date(now.getTime() - 30 * DAY_MS).toISOString();
      const [rows, [money]] = await Promise.all([
        itemsQuery([userId, since]),
        moneyQuery([userId, usageSince]),
      ]);
      const items = rows.map(
        (r): SubscriptionRow => ({
          ...r,
          renewsAt: dateOrNull(r.renewsAt),
          graceUntil: dateOrNull(r.graceUntil),
          suspendedAt: dateOrNull(r.suspendedAt),
          endedAt: dateOrNull(r.endedAt),
          createdAt: new Date(r.createdAt),
        }),
      );
      const user = money ?? { balance: '0', held: '0', spent: '0' };
      return { items, user, spent30: user.spent };
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
