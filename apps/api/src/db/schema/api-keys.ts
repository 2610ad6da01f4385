import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A customer's API keys (decision 0062). The secret is never stored: only its SHA-256,
 * looked up on every request that carries a key, so a revocation holds at once on every
 * instance. Revoked keys stay (revoked_at set) so the audit log's targets remain.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `prl_live_` and the secret's first four characters, for lists. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole secret, hex. */
    tokenHash: text('token_hash').notNull().unique(),
    scopes: text('scopes').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Written at most once a minute per key, not on every request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('api_keys_scopes_present', sql`cardinality(${t.scopes}) > 0`),
    index('api_keys_user_idx').on(t.userId, t.createdAt),
  ],
);
