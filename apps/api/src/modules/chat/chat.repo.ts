import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chatMessages, chatSessions, users } from '../../db/schema/index.js';
import {
  type ChatKind,
  type ChatSide,
  isRetryOf,
  statusAfter,
  subjectOf,
  VISIBLE,
} from './chat-rules.js';

export type { ChatKind, ChatSide } from './chat-rules.js';
export { subjectOf } from './chat-rules.js';

export type ChatSessionRow = typeof chatSessions.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;

/** A message with its author's name parts (null when the author is gone or none). */
export interface ChatMessageWithAuthor {
  message: ChatMessageRow;
  author: { id: string; firstName: string | null; lastName: string | null; email: string } | null;
}

export interface MessagePage {
  before?: string;
  after?: string;
  limit: number;
}

export interface NewChatMessage {
  sessionId: string;
  kind: ChatKind;
  authorId: string;
  body: string;
  requestId?: string;
  /** Only into this customer's conversation: another's is 'not-found', and never locked. */
  ownerId?: string;
}

/**
 * Writes a message and what it does to the conversation in one transaction: a
 * customer's opens it (and names it, the first time), an admin's reply leaves it
 * pending, a note changes nothing (and is refused where nobody has written yet). The
 * conversation's row is locked first, so two writes with one `requestId` are one
 * message: the same text and kind again answer the message written ('same'), another
 * one 'reused'.
 */
async function addMessage(db: Db, input: NewChatMessage) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(chatSessions)
      .where(
        and(
          eq(chatSessions.id, input.sessionId),
          input.ownerId ? eq(chatSessions.userId, input.ownerId) : undefined,
        ),
      )
      .for('update');
    // A note belongs to a conversation the console lists: one someone has written in.
    if (!before || (input.kind === 'note' && before.lastMessageAt === null))
      return 'not-found' as const;
    if (input.requestId) {
      const [existing] = await tx
        .select()
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.sessionId, input.sessionId),
            eq(chatMessages.requestId, input.requestId),
          ),
        );
      if (existing)
        return isRetryOf(existing, input)
          ? { message: existing, before, after: before, created: false }
          : ('reused' as const);
    }
    const [message] = await tx
      .insert(chatMessages)
      .values({
        sessionId: input.sessionId,
        kind: input.kind,
        authorId: input.authorId,
        body: input.body,
        requestId: input.requestId ?? null,
      })
      .returning();
    if (!message) throw new Error('chat message was not written');
    const status = statusAfter(input.kind);
    if (!status) return { message, before, after: before, created: true };
    const [after] = await tx
      .update(chatSessions)
      .set({
        status,
        lastMessageAt: message.createdAt,
        ...(input.kind === 'customer' ? { lastCustomerMessageId: message.id } : {}),
        ...(input.kind === 'customer' && before.subject === ''
          ? { subject: subjectOf(input.body) }
          : {}),
      })
      .where(eq(chatSessions.id, input.sessionId))
      .returning();
    return { message, before, after: after ?? before, created: true };
  });
}

/**
 * Conversations and their messages: one conversation per customer, messages in id
 * order, each write together with the conversation's status and times.
 */
export function createChatRepo(db: Db) {
  const byId = async (id: string): Promise<ChatSessionRow | null> =>
    (await db.select().from(chatSessions).where(eq(chatSessions.id, id)))[0] ?? null;

  return {
    byId,

    /** The customer's conversation, created on first use (two at once still make one). */
    async sessionOf(userId: string): Promise<ChatSessionRow> {
      await db.insert(chatSessions).values({ userId }).onConflictDoNothing();
      const [row] = await db.select().from(chatSessions).where(eq(chatSessions.userId, userId));
      if (!row) throw new Error('chat session was not written');
      return row;
    },

    /** The message written with `requestId` in the conversation, if any. */
    async byRequest(sessionId: string, requestId: string): Promise<ChatMessageRow | null> {
      const [row] = await db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.sessionId, sessionId), eq(chatMessages.requestId, requestId)));
      return row ?? null;
    },

    /** Messages `side` may see that the other side wrote after `readUpTo` (null: all). */
    async unreadBy(sessionId: string, side: ChatSide, readUpTo: number | null): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.sessionId, sessionId),
            eq(chatMessages.kind, side === 'customer' ? 'admin' : 'customer'),
            sql`${chatMessages.id} > ${String(readUpTo ?? 0)}::bigint`,
          ),
        );
      return row?.n ?? 0;
    },

    /**
     * A page of the messages `side` may see, oldest first: the newest `limit` (no
     * cursor), those before `before`, or those after `after`. `hasMore`: further
     * messages lie beyond the page in the direction asked (older, or newer for `after`).
     */
    async messages(sessionId: string, side: ChatSide, page: MessagePage) {
      const forward = page.after !== undefined;
      const rows = await db
        .select({
          message: chatMessages,
          author: {
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
          },
        })
        .from(chatMessages)
        .leftJoin(users, eq(users.id, chatMessages.authorId))
        .where(
          and(
            eq(chatMessages.sessionId, sessionId),
            inArray(chatMessages.kind, VISIBLE[side]),
            page.before ? lt(chatMessages.id, sql`${page.before}::bigint`) : undefined,
            page.after ? gt(chatMessages.id, sql`${page.after}::bigint`) : undefined,
          ),
        )
        .orderBy(forward ? asc(chatMessages.id) : desc(chatMessages.id))
        .limit(page.limit + 1);
      const hasMore = rows.length > page.limit;
      const items: ChatMessageWithAuthor[] = rows.slice(0, page.limit);
      return { items: forward ? items : items.reverse(), hasMore };
    },

    addMessage: (input: NewChatMessage) => addMessage(db, input),

    /**
     * Moves `side`'s read mark forward to `upTo`, never back and never past the newest
     * message that side can see. The new mark, or null when it did not move.
     */
    async markRead(sessionId: string, side: ChatSide, upTo: string): Promise<number | null> {
      const column = side === 'customer' ? 'customer_read_up_to' : 'admin_read_up_to';
      // Capped at messages both sides see: a mark past the newest of them would tell the
      // customer an internal note exists.
      const kinds = VISIBLE.customer;
      const newest = sql`(select max(m.id) from chat_messages m
        where m.session_id = ${sessionId} and m.kind in (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )}))`;
      // least() skips a null: no message yet must cap the mark at 0, not leave it free.
      const target = sql`least(${upTo}::bigint, coalesce(${newest}, 0))`;
      const [row] = await db
        .update(chatSessions)
        .set(
          side === 'customer'
            ? { customerReadUpTo: sql`${target}` }
            : { adminReadUpTo: sql`${target}` },
        )
        .where(
          and(
            eq(chatSessions.id, sessionId),
            sql`coalesce(${sql.identifier(column)}, 0) < ${target}`,
          ),
        )
        .returning({
          mark: side === 'customer' ? chatSessions.customerReadUpTo : chatSessions.adminReadUpTo,
        });
      return row?.mark ?? null;
    },
  };
}
export type ChatRepo = ReturnType<typeof createChatRepo>;
