import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** A bulk send: its messages share the batch id; the whole batch is charged at once. */
export const smsBatches = pgTable('sms_batches', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  total: integer('total').notNull(),
  cost: numeric('cost', { precision: 20, scale: 4 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One SMS, written (with its charge) before any gateway sees it: the outbox worker
 * moves it queued → sending → sent → delivered | failed. `accepted_parts` holds the
 * upstream id of every part accepted so far, so a retry never sends a part twice. A
 * `sent` message with no receipt within SMS_RECEIPT_TIMEOUT becomes `expired` (refunded,
 * decision 0014).
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    batchId: uuid('batch_id').references(() => smsBatches.id, { onDelete: 'restrict' }),
    senderId: text('sender_id').notNull(),
    recipient: text('recipient').notNull(),
    message: text('message').notNull(),
    encoding: text('encoding').notNull(),
    segments: integer('segments').notNull(),
    countryCode: text('country_code').notNull(),
    /** The destination's price per segment, in its own currency. */
    unitPrice: numeric('unit_price', { precision: 12, scale: 4 }).notNull(),
    priceCurrency: text('price_currency').notNull(),
    /** What the balance paid, in GBP, and the rate that made it. */
    cost: numeric('cost', { precision: 20, scale: 4 }).notNull(),
    rate: numeric('rate', { precision: 38, scale: 18 }),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While sending, the claim expires here; a crashed sender's claim is then recovered. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The instance that claimed it, so that instance settles its own claims when it restarts. */
    claimedBy: text('claimed_by'),
    /** Set just before the gateway is called: without it, a claim was certainly not sent. */
    handedAt: timestamp('handed_at', { withTimezone: true }),
    reference: integer('reference').notNull(),
    acceptedParts: text('accepted_parts').array().notNull().default(sql`'{}'::text[]`),
    error: text('error'),
    /** With a client's request id: the fingerprint of its request (lib/idempotency.ts). */
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'sms_messages_status',
      sql`${t.status} in ('queued', 'sending', 'sent', 'delivered', 'failed', 'expired')`,
    ),
    check('sms_messages_reference', sql`${t.reference} between 0 and 255`),
    check('sms_messages_cost', sql`${t.cost} >= 0 and ${t.segments} >= 1`),
    index('sms_messages_user_idx').on(t.userId, t.createdAt),
    index('sms_messages_batch_idx').on(t.batchId),
    index('sms_messages_outbox_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index('sms_messages_sending_idx').on(t.claimedUntil).where(sql`${t.status} = 'sending'`),
    index('sms_messages_sent_idx').on(t.sentAt).where(sql`${t.status} = 'sent'`),
  ],
);

/** The upstream id of each part sent, to match delivery receipts (lower-case). */
export const smsParts = pgTable(
  'sms_parts',
  {
    upstreamId: text('upstream_id').primaryKey(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => smsMessages.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    status: text('status').notNull().default('sent'),
  },
  (t) => [
    check('sms_parts_status', sql`${t.status} in ('sent', 'delivered', 'failed')`),
    index('sms_parts_message_idx').on(t.messageId),
  ],
);

/**
 * A deliver_sm that is not a delivery receipt for one of our messages: a reply from a
 * handset, an SME acknowledgement, or a receipt whose source is not the message's
 * recipient. Acknowledged upstream, kept for admins, never applied to a charge.
 */
export const smsInbound = pgTable(
  'sms_inbound',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: text('source').notNull(),
    destination: text('destination').notNull(),
    /** Control characters replaced; at most 2,000 characters. */
    message: text('message').notNull(),
    esmClass: integer('esm_class').notNull(),
    dataCoding: integer('data_coding').notNull(),
    /** 'message' (not a receipt), or 'receipt-mismatch' (a receipt from another source). */
    kind: text('kind').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sms_inbound_kind', sql`${t.kind} in ('message', 'receipt-mismatch')`),
    index('sms_inbound_received_idx').on(t.receivedAt),
  ],
);
