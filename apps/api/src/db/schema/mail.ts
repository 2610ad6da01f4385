import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * An SMTP user of a customer's relay (decision 0069): the mail edge checks AUTH against
 * the argon2id hash; the password is shown once, at creation.
 */
export const mailCredentials = pgTable(
  'mail_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text('username').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    /** Messages per rolling hour this user may submit. */
    hourlyLimit: integer('hourly_limit').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    check('mail_credentials_username', sql`${t.username} ~ '^smtp-[a-z0-9]{10}$'`),
    check('mail_credentials_hourly_limit', sql`${t.hourlyLimit} between 1 and 100000`),
    index('mail_credentials_user_idx').on(t.userId),
  ],
);

/**
 * A sending domain: Parley's DKIM key for it (the private half boxed), and what the last
 * DNS check found. Verified once SPF, DKIM and the return path are published; a domain
 * verified by one customer cannot be verified by another.
 */
export const mailDomains = pgTable(
  'mail_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    /** Base64 of the DER SubjectPublicKeyInfo, as the DKIM record's p= carries it. */
    dkimPublicKey: text('dkim_public_key').notNull(),
    dkimPrivateBox: text('dkim_private_box').notNull(),
    /** Per record purpose: ok, missing or wrong, as the last check found. */
    recordStatus: jsonb('record_status').$type<Record<string, string>>(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_domains_user_domain_idx').on(t.userId, t.domain),
    uniqueIndex('mail_domains_verified_idx').on(t.domain).where(sql`${t.verifiedAt} is not null`),
  ],
);

/**
 * One accepted message (the edge's transaction id): metered when accepted, kept until
 * `keep_until` (the package's log days). `client_key` (the credential and Message-ID
 * header, hashed) makes a resubmission the same message. The body is never stored.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: uuid('credential_id').references(() => mailCredentials.id, {
      onDelete: 'set null',
    }),
    clientKey: text('client_key'),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    size: integer('size').notNull(),
    recipientCount: integer('recipient_count').notNull(),
    /** GBP of overage blocks this message opened. */
    cost: numeric('cost', { precision: 20, scale: 2 }).notNull().default('0'),
    keepUntil: timestamp('keep_until', { withTimezone: true }).notNull(),
    /** When the edge confirmed its queue holds it; null: a retry of it is queued again. */
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_messages_client_key_idx').on(t.userId, t.clientKey),
    index('mail_messages_user_created_idx').on(t.userId, t.createdAt),
    index('mail_messages_credential_created_idx').on(t.credentialId, t.createdAt),
    index('mail_messages_keep_until_idx').on(t.keepUntil),
  ],
);

/** Each recipient of a message and where its delivery stands. */
export const mailRecipients = pgTable(
  'mail_recipients',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    state: text('state').notNull().default('queued'),
    reason: text('reason'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.address] }),
    check(
      'mail_recipients_state',
      sql`${t.state} in ('queued', 'delivered', 'deferred', 'bounced', 'expired')`,
    ),
    index('mail_recipients_open_idx')
      .on(t.updatedAt)
      .where(sql`${t.state} in ('queued', 'deferred')`),
  ],
);

/** Addresses a customer's mail no longer goes to (lower case). */
export const mailSuppressions = pgTable(
  'mail_suppressions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    reason: text('reason').notNull(),
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_suppressions_user_address_idx').on(t.userId, t.address),
    check('mail_suppressions_reason', sql`${t.reason} in ('bounce', 'complaint', 'manual')`),
  ],
);

/**
 * Recipients accepted per customer and monthly period, and the overage blocks billed in
 * it: written under the customer's row lock with the message, so a count is never lost
 * nor a block billed twice.
 */
export const mailUsage = pgTable(
  'mail_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    used: integer('used').notNull().default(0),
    blocksBilled: integer('blocks_billed').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.periodStart] })],
);
