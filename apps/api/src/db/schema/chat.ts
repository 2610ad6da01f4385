import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A customer's conversation with the support team: one per customer, reopened when they
 * write again. What each side has seen is the id of the newest message it read.
 */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull().default(''),
    status: text('status').notNull().default('open'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    customerReadUpTo: bigint('customer_read_up_to', { mode: 'number' }),
    adminReadUpTo: bigint('admin_read_up_to', { mode: 'number' }),
    /** The newest customer message's id: unread for admins while above admin_read_up_to. */
    lastCustomerMessageId: bigint('last_customer_message_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('chat_sessions_status', sql`${t.status} in ('open', 'pending', 'resolved')`),
    uniqueIndex('chat_sessions_user_key').on(t.userId),
    // The admins' list: conversations someone has written in, latest first, by filter.
    index('chat_sessions_list_idx')
      .on(t.lastMessageAt.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`${t.lastMessageAt} is not null`),
    index('chat_sessions_status_idx')
      .on(t.status, t.lastMessageAt.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`${t.lastMessageAt} is not null`),
    index('chat_sessions_assignee_idx')
      .on(t.assigneeId, t.lastMessageAt.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`${t.lastMessageAt} is not null`),
    index('chat_sessions_unread_idx')
      .on(t.id)
      .where(sql`${t.lastCustomerMessageId} > coalesce(${t.adminReadUpTo}, 0)`),
  ],
);

/**
 * Messages in order of their id: the customer's, admins' replies, and internal notes
 * (kind `note`, never shown to the customer). `request_id` makes a retried send one message.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    requestId: uuid('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('chat_messages_kind', sql`${t.kind} in ('customer', 'admin', 'note')`),
    check('chat_messages_body', sql`char_length(${t.body}) between 1 and 2000`),
    index('chat_messages_session_idx').on(t.sessionId, t.id),
    uniqueIndex('chat_messages_request_key')
      .on(t.sessionId, t.requestId)
      .where(sql`${t.requestId} is not null`),
  ],
);

/** Replies admins keep at hand, by a unique title. */
export const chatCannedReplies = pgTable(
  'chat_canned_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_canned_replies_title_key').on(sql`lower(${t.title})`)],
);
