import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Facts about this installation (for example when it was first started). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
