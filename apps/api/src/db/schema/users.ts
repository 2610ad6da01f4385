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
  uuid,
} from 'drizzle-orm/pg-core';

/** A user's name as searched: first and last, either of which may be missing. */
export const USER_FULL_NAME = sql.raw(
  `(coalesce("first_name", '') || ' ' || coalesce("last_name", ''))`,
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull().unique(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    passwordHash: text('password_hash').notNull(),
    contactMethod: text('contact_method'),
    contactValue: text('contact_value'),
    /** GBP to four decimals: an SMS can cost a fraction of a penny. */
    cryptoBalance: numeric('crypto_balance', { precision: 20, scale: 4 }).notNull().default('0'),
    /**
     * What calls in progress hold of the balance (their maximum cost). Every debit must
     * leave at least this much, so no two calls, or a call and an SMS, spend the same money.
     */
    held: numeric('held', { precision: 20, scale: 4 }).notNull().default('0'),
    isAdmin: boolean('is_admin').notNull().default(false),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The interface language the customer last chose (en, de, ar…): their emails are written in it. */
    language: text('language'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('users_balance_not_negative', sql`${t.cryptoBalance} >= 0`),
    check('users_held_covered', sql`${t.held} >= 0 and ${t.cryptoBalance} >= ${t.held}`),
    // The admin's list, newest first, a page at a time (built concurrently first on a
    // large database: docs/operations/migrations.md).
    index('users_created_idx').on(t.createdAt, t.id),
    // The admins among every customer (db/admins.ts): chat's agents, the set-up check.
    index('users_admins_idx').on(t.id).where(sql`${t.isAdmin}`),
    // The admin's search for part of an email or a name (users.repo.ts), by trigrams:
    // `ilike '%q%'` otherwise reads every customer (pg_trgm, migration 0051).
    index('users_search_idx').using(
      'gin',
      t.email.op('gin_trgm_ops'),
      sql`${USER_FULL_NAME} gin_trgm_ops`,
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the cookie token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Idle lifetime in seconds (customers 30 days, admins 30 minutes by default). */
    idleSeconds: integer('idle_seconds').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Slides with use (last use + idle), never past absoluteExpiresAt. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Sign-in + the role's absolute lifetime (customers 30 days, admins 12 hours). */
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Solved security checks, kept until they expire so each is accepted once only. */
export const usedChallenges = pgTable('used_challenges', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
