import { sql } from 'drizzle-orm';
import { boolean, check, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The limits a customer sets on their own spending: a daily cap, the countries SMS and
 * calls may go to (null: all), the most a message or a minute may cost, and the balance
 * under which they are warned. Amounts in the billing currency (GBP); null: no limit.
 */
export const accountGuardrails = pgTable(
  'account_guardrails',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    dailySpendCap: numeric('daily_spend_cap', { precision: 20, scale: 4 }),
    smsCountries: text('sms_countries').array(),
    voiceCountries: text('voice_countries').array(),
    maxSmsPrice: numeric('max_sms_price', { precision: 20, scale: 4 }),
    maxMinutePrice: numeric('max_minute_price', { precision: 20, scale: 4 }),
    lowBalanceAlert: numeric('low_balance_alert', { precision: 20, scale: 4 }),
    /** The balance is under the alert and the customer was told; cleared when it is above again. */
    lowBalanceNotified: boolean('low_balance_notified').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'account_guardrails_amounts',
      sql`coalesce(${t.dailySpendCap}, 0) >= 0 and coalesce(${t.maxSmsPrice}, 0) >= 0
        and coalesce(${t.maxMinutePrice}, 0) >= 0 and coalesce(${t.lowBalanceAlert}, 0) >= 0`,
    ),
  ],
);
