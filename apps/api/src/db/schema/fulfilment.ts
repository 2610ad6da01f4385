import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.js';
import { users } from './users.js';

/**
 * An item "fulfilled by our team" that a customer bought: one task per order, opened in
 * the order's transaction, open until an admin marks it done (decision 0067).
 */
export const fulfilmentTasks = pgTable(
  'fulfilment_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').notNull(),
    itemName: text('item_name').notNull(),
    status: text('status').notNull().default('open'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneBy: uuid('done_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('fulfilment_tasks_status', sql`${t.status} in ('open', 'done')`),
    check('fulfilment_tasks_done', sql`(${t.status} = 'done') = (${t.doneAt} is not null)`),
    uniqueIndex('fulfilment_tasks_order_key').on(t.orderId),
    index('fulfilment_tasks_open_idx').on(t.dueAt).where(sql`${t.status} = 'open'`),
  ],
);
