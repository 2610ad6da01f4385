import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Domain events, kept so a stream that reconnects with Last-Event-ID gets what it
 * missed, and so every server instance can read what another published (NOTIFY
 * carries only the id).
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** The customer the event is about, when there is one (their own stream shows it). */
    userId: uuid('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_user_idx').on(t.userId, t.id),
    // The retention job deletes by age.
    index('events_created_idx').on(t.createdAt),
  ],
);
