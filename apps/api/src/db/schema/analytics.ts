import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';

/**
 * The admin's analytics as last counted (one row): a count reads every big table, so a
 * job recounts it now and then and the page reads it here (decision 0072).
 */
export const analyticsSnapshots = pgTable(
  'analytics_snapshots',
  {
    id: smallint('id').primaryKey().default(1),
    figures: jsonb('figures').$type<unknown>().notNull(),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('analytics_snapshots_one', sql`${t.id} = 1`)],
);
