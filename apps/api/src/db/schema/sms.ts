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
 * upstream id of every part accepted so far, so a retry never sends a part twice.
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
      sql`${t.status} in ('queued', 'sending', 'sent', 'delivered', 'failed')`,
    ),
    check('sms_messages_reference', sql`${t.reference} between 0 and 255`),
    check('sms_messages_cost', sql`${t.cost} >= 0 and ${t.segments} >= 1`),
    index('sms_messages_user_idx').on(t.userId, t.createdAt),
    index('sms_messages_batch_idx').on(t.batchId),
    index('sms_messages_outbox_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index('sms_messages_sending_idx').on(t.claimedUntil).where(sql`${t.status} = 'sending'`),
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
