import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * What the customer is told (a renewal reminder, a suspension, a low balance): a code
 * and its values, rendered in the reader's language, never stored English. `key` makes
 * each notice once per cause (a reminder per order and period); a notice with
 * `emailDue` set waits to be emailed (the mailer's outbox) until `emailedAt`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    key: text('key').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Set when the notice should also go by email; `emailedAt` says it went. */
    emailDue: timestamp('email_due', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    emailAttempts: integer('email_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('notifications_user_key').on(t.userId, t.key),
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_email_idx')
      .on(t.emailDue)
      .where(sql`${t.emailDue} is not null and ${t.emailedAt} is null`),
  ],
);
