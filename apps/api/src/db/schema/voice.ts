import { sql } from 'drizzle-orm';
import {
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
import { sipTrunks } from './sip-trunk.js';
import { users } from './users.js';

/**
 * A customer's SIP account. The password is kept as the digest hashes a SIP server
 * checks (HA1 = md5(user:domain:password), HA1b = md5(user@domain:domain:password)) and,
 * encrypted, for the customer to read again; never in plain text.
 */
export const sipAccounts = pgTable('sip_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  username: text('username').notNull().unique(),
  domain: text('domain').notNull(),
  ha1: text('ha1').notNull(),
  ha1b: text('ha1b').notNull(),
  passwordBox: text('password_box').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One call, written (with its hold on the balance) before any gateway sees it. It is
 * settled exactly once: status leaves dialing/ringing/answered in the same transaction
 * as its ledger charge (`call:<id>`) and the release of its hold. `deadline_at` is when a
 * job settles it if nobody reports its end.
 */
export const calls = pgTable(
  'calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    callerId: text('caller_id').notNull(),
    destination: text('destination').notNull(),
    country: text('country').notNull(),
    /** The destination's price per minute in its own currency, and the rate to GBP. */
    price: numeric('price', { precision: 12, scale: 4 }).notNull(),
    priceCurrency: text('price_currency').notNull(),
    rate: numeric('rate', { precision: 38, scale: 18 }),
    ratePerMinute: numeric('rate_per_minute', { precision: 12, scale: 4 }).notNull(),
    increments: text('increments').notNull(),
    maxSeconds: integer('max_seconds').notNull(),
    /** Balance held while it runs (GBP), released when it is settled. */
    hold: numeric('hold', { precision: 20, scale: 4 }).notNull(),
    /** Included seconds reserved for it; null when the plan's minutes are unlimited. */
    includedHeld: integer('included_held'),
    status: text('status').notNull().default('dialing'),
    gateway: text('gateway').notNull(),
    /** The web call's token, for the edge to authorise its INVITE with. */
    token: text('token').unique(),
    /** The edge's Call-ID: every report of the edge is matched (and made idempotent) by it. */
    edgeCallId: text('edge_call_id').unique(),
    /** The instance whose sandbox runs it, and when that instance last saw it running. */
    owner: text('owner'),
    aliveAt: timestamp('alive_at', { withTimezone: true }),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ringingAt: timestamp('ringing_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    duration: integer('duration'),
    billableSeconds: integer('billable_seconds'),
    includedSeconds: integer('included_seconds'),
    cost: numeric('cost', { precision: 20, scale: 4 }),
    hangupCause: text('hangup_cause'),
    hangupBy: text('hangup_by'),
    /** Post-dial delay (INVITE to ringing) and the media relay's figures, when known. */
    pddMs: integer('pdd_ms'),
    jitterMs: numeric('jitter_ms', { precision: 10, scale: 2 }),
    lossPercent: numeric('loss_percent', { precision: 6, scale: 3 }),
    mos: numeric('mos', { precision: 3, scale: 2 }),
    /** outbound: the customer called out; inbound: the trunk rang one of their numbers
     * (free unless the catalogue prices inbound minutes). */
    direction: text('direction').notNull().default('outbound'),
    /** When a report of its answer arrived after the deadline job had settled it unanswered:
     * the call was opened again, ended at the edge and billed for the talk time reported. */
    lateReportAt: timestamp('late_report_at', { withTimezone: true }),
    /** GBP of such a call's talk time that the balance could no longer cover (not charged). */
    uncharged: numeric('uncharged', { precision: 20, scale: 4 }),
    /** The SIP trunk that carried it (a PBX's call, either way); null: a softphone's or the web's. */
    trunkId: uuid('trunk_id').references(() => sipTrunks.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('calls_direction', sql`${t.direction} in ('outbound', 'inbound')`),
    check(
      'calls_status',
      sql`${t.status} in ('dialing', 'ringing', 'answered', 'ended', 'busy', 'no_answer', 'failed', 'cancelled')`,
    ),
    check('calls_gateway', sql`${t.gateway} in ('sandbox', 'sip')`),
    check('calls_amounts', sql`${t.hold} >= 0 and (${t.cost} is null or ${t.cost} >= 0)`),
    check('calls_cost_covered', sql`${t.cost} is null or ${t.cost} <= ${t.hold}`),
    index('calls_user_idx').on(t.userId, t.createdAt),
    // The admin's list of every call, newest first (decision 0071).
    index('calls_created_idx').on(t.createdAt, t.id),
    index('calls_trunk_idx').on(t.trunkId, t.createdAt),
    index('calls_open_idx')
      .on(t.deadlineAt)
      .where(sql`${t.status} in ('dialing', 'ringing', 'answered')`),
  ],
);

/** Numbers a customer asked to use as caller ID: a code by SMS proves they hold them. */
export const callerIds = pgTable(
  'caller_ids',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** SHA-256 of the code waiting, its expiry and the tries used. */
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** Sandbox only: the code itself, so a tester can read it in the admin panel. */
    sandboxCode: text('sandbox_code'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('caller_ids_user_number').on(t.userId, t.number)],
);
