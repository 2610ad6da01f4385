import { sql } from 'drizzle-orm';
import {
  check,
  cidr,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './orders.js';
import { users } from './users.js';

/**
 * A SIP trunk: one per trunk package bought (`order_id`), carrying the customer's PBX
 * calls through the edge (decision 0068). Its order's status says whether it works
 * (suspended for an unpaid renewal: the edge answers 403). Credentials are made on first
 * use (`username`, digest hashes, the boxed password): the edge reads them, with the
 * softphones', from the `sip_subscribers` view; IP sources from `sip_trunk_sources`.
 */
export const sipTrunks = pgTable(
  'sip_trunks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The package's concurrent calls; null when it says "Unlimited" (the operator's maximum). */
    packageChannels: integer('package_channels'),
    /** The customer's own lower limit; null: the package's. */
    channels: integer('channels'),
    authMethod: text('auth_method').notNull().default('credentials'),
    codec: text('codec').notNull().default('g711'),
    /** `t` and nine digits: never a softphone's (`p…`). Null until first read. */
    username: text('username').unique(),
    domain: text('domain'),
    ha1: text('ha1'),
    ha1b: text('ha1b'),
    passwordBox: text('password_box'),
    /** Shown when the PBX's own caller ID is not one of the customer's numbers. */
    callerId: text('caller_id'),
    /** Where the customer's numbers ring: the PBX's host[:port]; null: where it registered. */
    inboundHost: text('inbound_host'),
    /** The failover add-on's second destination (host[:port]). */
    failoverHost: text('failover_host'),
    /** Add-ons bought for this trunk (orders). */
    failoverOrderId: uuid('failover_order_id').references(() => orders.id, {
      onDelete: 'set null',
    }),
    analyticsOrderId: uuid('analytics_order_id').references(() => orders.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sip_trunks_auth_method', sql`${t.authMethod} in ('credentials', 'ip', 'tls')`),
    check('sip_trunks_codec', sql`${t.codec} in ('g711', 'g722', 'g729', 'opus')`),
    check('sip_trunks_package_channels', sql`${t.packageChannels} between 1 and 100000`),
    check('sip_trunks_channels', sql`${t.channels} between 1 and 100000`),
    check('sip_trunks_username', sql`${t.username} ~ '^t[0-9]{9}$'`),
    index('sip_trunks_user_idx').on(t.userId),
  ],
);

/**
 * The addresses (or CIDR ranges) a trunk's PBX calls from, for IP authentication. No two
 * overlap, whoever owns them: an exclusion constraint (migration 0044) says so.
 */
export const sipTrunkAddresses = pgTable(
  'sip_trunk_addresses',
  {
    /** Kamailio's `permissions` module wants an integer id. */
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    trunkId: uuid('trunk_id')
      .notNull()
      .references(() => sipTrunks.id, { onDelete: 'cascade' }),
    network: cidr('network').notNull(),
  },
  (t) => [uniqueIndex('sip_trunk_addresses_network_idx').on(t.network)],
);
