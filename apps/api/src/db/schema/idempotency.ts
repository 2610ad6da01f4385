import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Idempotency-Key requests (decision 0064): one row per customer and key, claimed
 * before the handler runs (`running`, held until `locked_until`) and holding the first
 * answer once it is sent (`done`), replayed to every repeat until `expires_at` (24
 * hours). The retention job deletes expired rows.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The endpoint's name (`sms.send`): a key is one request on one endpoint. */
    route: text('route').notNull(),
    /** SHA-256 of the validated request (lib/idempotency.ts). */
    fingerprint: text('fingerprint').notNull(),
    /** The request holding the row: only it records or drops the answer. */
    token: uuid('token').notNull(),
    state: text('state').notNull().default('running'),
    responseStatus: integer('response_status'),
    responseType: text('response_type'),
    responseBody: text('response_body'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
    check('idempotency_keys_state', sql`${t.state} in ('running', 'done')`),
    check(
      'idempotency_keys_done_has_answer',
      sql`${t.state} = 'running' or ${t.responseStatus} is not null`,
    ),
  ],
);
