import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { transactions } from './payments.js';
import { users } from './users.js';

/**
 * What a customer bought: a package (plan or add-on), a SIP domain or a number, paid
 * from the balance or by an approved crypto payment. A SIP domain or a number belongs
 * to one active order at most (a partial unique index), so it is never sold twice.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    name: text('name').notNull(),
    /** The catalogue price, in the catalogue's currency. */
    price: numeric('price', { precision: 20, scale: 2 }).notNull(),
    priceCurrency: text('price_currency').notNull(),
    /** What the balance paid, in the billing currency, and the rate that made it. */
    charged: numeric('charged', { precision: 20, scale: 2 }).notNull(),
    chargedRate: numeric('charged_rate', { precision: 38, scale: 18 }),
    paidWith: text('paid_with').notNull(),
    transactionId: uuid('transaction_id')
      .unique()
      .references(() => transactions.id, { onDelete: 'restrict' }),
    billingPeriod: text('billing_period').notNull(),
    /** active, grace (unpaid, still working), suspended (unpaid, stopped) or cancelled (ended). */
    status: text('status').notNull().default('active'),
    /** When the next period starts (monthly plans and numbers); null for one-off items. */
    renewsAt: timestamp('renews_at', { withTimezone: true }),
    /**
     * What each renewal charges the balance, GBP: the monthly share of what the purchase
     * charged (a number's setup fee is not renewed); null for one-off items.
     */
    renewalCharge: numeric('renewal_charge', { precision: 20, scale: 2 }),
    /** The last monthly period paid for (0: the purchase); periods count from `createdAt`. */
    paidThrough: integer('paid_through').notNull().default(0),
    /** Off: the item runs to the end of its paid period, then ends. */
    autoRenew: boolean('auto_renew').notNull().default(true),
    /** In grace: when it is suspended unless paid by then. */
    graceUntil: timestamp('grace_until', { withTimezone: true }),
    /** In grace: when the charge is tried again. */
    retryAt: timestamp('retry_at', { withTimezone: true }),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** With a client's order id: the fingerprint of its request (lib/idempotency.ts). */
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_item_kind', sql`${t.itemKind} in ('package', 'sip_domain', 'number')`),
    check('orders_paid_with', sql`${t.paidWith} in ('balance', 'crypto')`),
    check('orders_status', sql`${t.status} in ('active', 'grace', 'suspended', 'cancelled')`),
    check('orders_paid_through', sql`${t.paidThrough} >= 0`),
    check('orders_grace', sql`(${t.status} = 'grace') = (${t.graceUntil} is not null)`),
    check(
      'orders_amounts',
      sql`${t.price} >= 0 and ${t.charged} >= 0 and coalesce(${t.renewalCharge}, 0) >= 0`,
    ),
    uniqueIndex('orders_exclusive_item')
      .on(t.itemKind, t.itemId)
      .where(sql`${t.itemKind} in ('sip_domain', 'number') and ${t.status} <> 'cancelled'`),
    index('orders_due_idx').on(t.status, t.renewsAt),
    // The admin's "due in 7 days": renewing items by date, counted by the index alone.
    index('orders_renewing_idx')
      .on(t.renewsAt, t.id)
      .where(sql`${t.status} = 'active' and ${t.autoRenew}`),
    index('orders_user_idx').on(t.userId, t.createdAt),
  ],
);
