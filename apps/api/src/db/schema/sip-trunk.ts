import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** A customer's preferred SIP trunk settings; one row per customer, once they save. */
export const trunkSettings = pgTable(
  'trunk_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    authMethod: text('auth_method').notNull(),
    concurrentCalls: integer('concurrent_calls').notNull(),
    codec: text('codec').notNull(),
    allowedIps: text('allowed_ips').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('trunk_settings_auth_method', sql`${t.authMethod} in ('credentials', 'ip', 'tls')`),
    check('trunk_settings_codec', sql`${t.codec} in ('g711', 'g722', 'g729', 'opus')`),
    check('trunk_settings_channels', sql`${t.concurrentCalls} between 1 and 1000`),
  ],
);
