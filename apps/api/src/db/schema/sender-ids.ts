import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A customer's request to send SMS under a sender ID (an alphanumeric name, or a number
 * they do not rent from us): pending until an admin approves or rejects it. One open or
 * approved request per customer and sender (`sender_key`: digits of a number, a name in
 * lower case); after a rejection the customer may ask again.
 */
export const senderIds = pgTable(
  'sender_ids',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    senderId: text('sender_id').notNull(),
    senderKey: text('sender_key').notNull(),
    kind: text('kind').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending'),
    adminNote: text('admin_note'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sender_ids_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('sender_ids_kind', sql`${t.kind} in ('alphanumeric', 'numeric')`),
    uniqueIndex('sender_ids_open_key')
      .on(t.userId, t.senderKey)
      .where(sql`${t.status} in ('pending', 'approved')`),
    index('sender_ids_user_idx').on(t.userId, t.createdAt),
    index('sender_ids_status_idx').on(t.status, t.createdAt),
  ],
);
