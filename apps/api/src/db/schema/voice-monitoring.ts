import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A customer's SIP monitoring alert thresholds, once they set them (the defaults of
 * contracts/voice-monitoring.ts apply until then). A null threshold is switched off.
 */
export const voiceAlertSettings = pgTable(
  'voice_alert_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    minBalance: numeric('min_balance', { precision: 20, scale: 4 }),
    runwayHours: integer('runway_hours'),
    failurePercent: integer('failure_percent'),
    failureWindow: integer('failure_window').notNull(),
    notifyCutoffs: boolean('notify_cutoffs').notNull(),
    notifyConcurrency: boolean('notify_concurrency').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'voice_alert_settings_ranges',
      sql`(${t.minBalance} is null or ${t.minBalance} >= 0)
        and (${t.runwayHours} is null or ${t.runwayHours} between 1 and 720)
        and (${t.failurePercent} is null or ${t.failurePercent} between 1 and 100)
        and ${t.failureWindow} between 5 and 500`,
    ),
  ],
);
