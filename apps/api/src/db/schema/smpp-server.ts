import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A customer's SMPP account (decision 0066): their gateway binds to Parley's SMPP server
 * with its system ID and password. The password (8 characters: SMPP v3.4's limit) is
 * stored only as an argon2id hash.
 */
export const smppAccounts = pgTable(
  'smpp_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Generated, unique, at most 15 characters (SMPP's system_id is 16 with its NUL). */
    systemId: text('system_id').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    /** The customer's own name for it. */
    label: text('label').notNull(),
    /** Addresses or networks (CIDR) a bind may come from; empty: any. */
    allowedIps: text('allowed_ips').array().notNull().default(sql`'{}'::text[]`),
    /** submit_sm a second, within the operator's SMPP_MAX_THROUGHPUT. */
    maxPerSecond: integer('max_per_second').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastBindAt: timestamp('last_bind_at', { withTimezone: true }),
    lastBindIp: text('last_bind_ip'),
  },
  (t) => [
    check('smpp_accounts_rate', sql`${t.maxPerSecond} between 1 and 10000`),
    index('smpp_accounts_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * A bound session, written by the instance that holds it and refreshed while it lives
 * (`seen_at`), so every instance and the admin panel see it. An admin's request to end
 * it is `end_requested_at`, which the holding instance acts on.
 */
export const smppSessions = pgTable(
  'smpp_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => smppAccounts.id, { onDelete: 'cascade' }),
    instanceId: text('instance_id').notNull(),
    remoteIp: text('remote_ip').notNull(),
    bindType: text('bind_type').notNull(),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** submit_sm accepted in this session, and in its last second. */
    submitted: integer('submitted').notNull().default(0),
    perSecond: integer('per_second').notNull().default(0),
    endRequestedAt: timestamp('end_requested_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'smpp_sessions_bind_type',
      sql`${t.bindType} in ('transmitter', 'receiver', 'transceiver')`,
    ),
    index('smpp_sessions_account_idx').on(t.accountId).where(sql`${t.endedAt} is null`),
  ],
);

/**
 * One submit_sm accepted: the id Parley answered with, and what its delivery receipt
 * needs. A single message's id is its SMS's id; the parts of a long message sent as
 * several submit_sm wait here (their text kept) until the last arrives, then go out as
 * one SMS whose id is the first part's (`message_id` on every part).
 */
export const smppSubmits = pgTable(
  'smpp_submits',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => smppAccounts.id, { onDelete: 'cascade' }),
    /** The SMS this submit became (no foreign key: written before the SMS exists). */
    messageId: uuid('message_id'),
    /** SMPP registered_delivery: 0 none, 1 final state, 2 failure only. */
    registeredDelivery: integer('registered_delivery').notNull(),
    source: text('source').notNull(),
    destination: text('destination').notNull(),
    /** Receipts are kept for a receiver to bind until then. */
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    /** A part of a long message: what joins its parts, its place, the count, and its text
     * (UTF-16 code units in base64: a part may hold half of a surrogate pair). */
    partKey: text('part_key'),
    partSeq: integer('part_seq'),
    partTotal: integer('part_total'),
    partText: text('part_text'),
    /** The encoding the part came in, so parts of one message can be checked to agree. */
    dataCoding: integer('data_coding').notNull(),
    /** Set when the SMS is queued (or refused: then `refused` holds the reason). */
    assembledAt: timestamp('assembled_at', { withTimezone: true }),
    /** A part whose message never went out (incomplete, refused): its receipt says so. */
    refused: text('refused'),
    receiptClaimedUntil: timestamp('receipt_claimed_until', { withTimezone: true }),
    receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('smpp_submits_delivery', sql`${t.registeredDelivery} between 0 and 2`),
    index('smpp_submits_receipts_idx')
      .on(t.accountId, t.createdAt)
      .where(sql`${t.receiptSentAt} is null and ${t.registeredDelivery} > 0`),
    // A part sent again after its message went out finds the first one.
    index('smpp_submits_part_key_idx')
      .on(t.accountId, t.partKey, t.partSeq)
      .where(sql`${t.partKey} is not null`),
    index('smpp_submits_valid_idx').on(t.validUntil),
    // A part sent again (its answer lost) finds the first one instead of a second row.
    uniqueIndex('smpp_submits_parts_idx')
      .on(t.accountId, t.partKey, t.partSeq)
      .where(sql`${t.partKey} is not null and ${t.assembledAt} is null`),
  ],
);
