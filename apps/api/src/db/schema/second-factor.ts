import { bigint, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * An admin's TOTP factor (RFC 6238). The secret is stored encrypted (AES-256-GCM,
 * decision 0011). While `confirmedAt` is null the factor is being set up: it is only
 * reachable through the short-lived set-up token, whose hash is kept here.
 */
export const adminSecondFactors = pgTable('admin_second_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretCiphertext: text('secret_ciphertext').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** SHA-256 of the set-up token; null once confirmed. */
  setupTokenHash: text('setup_token_hash').unique(),
  setupExpiresAt: timestamp('setup_expires_at', { withTimezone: true }),
  /**
   * The time step of the last code accepted (RFC 6238 counter); null before the first.
   * A code is accepted only for a later step, so neither a replay nor an older code
   * still inside the drift window opens a session.
   */
  lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes: SHA-256 of each, used at most once. */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);
