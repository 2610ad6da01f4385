import type { ChatFilter } from '@parley/shared';
import { and, asc, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { adminsOnly } from '../../db/admins.js';
import type { Db } from '../../db/client.js';
import { countUpTo, countUpToSql, one } from '../../db/count.js';
import { containing, rowsOf } from '../../db/raw.js';
import { chatSessions, users } from '../../db/schema/index.js';
import { createChatCannedRepo } from './chat-canned.repo.js';

const assignee = alias(users, 'assignee');
const PREVIEW_MAX = 140;

/**
 * Only conversations someone has written in: every message but a note sets
 * last_message_at, and a note is refused where nobody has written (chat.repo.ts).
 */
const hasMessages = isNotNull(chatSessions.lastMessageAt);
/** Customer messages no admin has seen yet, in one conversation of a page. */
const unread = sql<number>`(select count(*)::int from chat_messages m
  where m.session_id = ${chatSessions.id} and m.kind = 'customer'
    and m.id > coalesce(${chatSessions.adminReadUpTo}, 0))`;
/** A conversation with customer messages no admin has seen (chat_sessions_unread_idx). */
const hasUnread = sql`${chatSessions.lastCustomerMessageId} > coalesce(${chatSessions.adminReadUpTo}, 0)`;
const preview = sql<string | null>`(select left(m.body, ${PREVIEW_MAX}) from chat_messages m
  where m.session_id = ${chatSessions.id} order by m.id desc limit 1)`;

const listColumns = {
  session: chatSessions,
  user: {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
  },
  assignee: {
    id: assignee.id,
    firstName: assignee.firstName,
    lastName: assignee.lastName,
    email: assignee.email,
  },
  preview,
  unread,
};

function where(filter: ChatFilter, q: string | undefined, me: string): SQL | undefined {
  const pattern = q ? containing(q) : null;
  return and(
    hasMessages,
    filter === 'mine' ? eq(chatSessions.assigneeId, me) : undefined,
    filter === 'open' || filter === 'pending' || filter === 'resolved'
      ? eq(chatSessions.status, filter)
      : undefined,
    pattern
      ? or(
          ilike(users.email, pattern),
          ilike(sql`concat_ws(' ', ${users.firstName}, ${users.lastName})`, pattern),
          ilike(chatSessions.subject, pattern),
        )
      : undefined,
  );
}

/** The admins' console: conversations by filter and search, counts, agents, canned replies. */
export function createChatAdminRepo(db: Db) {
  const listed = () =>
    db
      .select(listColumns)
      .from(chatSessions)
      .innerJoin(users, eq(users.id, chatSessions.userId))
      .leftJoin(assignee, eq(assignee.id, chatSessions.assigneeId));

  return {
    /** Latest message first, a page at a time, with the total. */
    async list(query: {
      filter: ChatFilter;
      q?: string;
      me: string;
      page: number;
      pageSize: number;
    }) {
      const condition = where(query.filter, query.q, query.me);
      const [items, total] = await Promise.all([
        listed()
          .where(condition)
          .orderBy(sql`${chatSessions.lastMessageAt} desc nulls last`, desc(chatSessions.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        countUpTo(
          db,
          (query.q
            ? db
                .select({ one: one() })
                .from(chatSessions)
                .innerJoin(users, eq(users.id, chatSessions.userId))
            : db.select({ one: one() }).from(chatSessions)
          )
            .where(condition)
            .$dynamic(),
        ),
      ]);
      return { items, total };
    },

    /** One conversation as the list shows it. */
    async one(id: string) {
      return (await listed().where(eq(chatSessions.id, id)))[0] ?? null;
    },

    /**
     * Conversations by status, assigned to `me`, and with unread customer messages, each
     * counted up to COUNT_CAP + 1 on its own index.
     */
    async summary(me: string) {
      const counted = (condition: SQL | undefined) =>
        countUpToSql(chatSessions, and(hasMessages, condition) as SQL);
      const [row] = rowsOf<{
        open: number;
        pending: number;
        resolved: number;
        mine: number;
        unread: number;
      }>(
        await db.execute(sql`select
          ${counted(eq(chatSessions.status, 'open'))} as open,
          ${counted(eq(chatSessions.status, 'pending'))} as pending,
          ${counted(eq(chatSessions.status, 'resolved'))} as resolved,
          ${counted(eq(chatSessions.assigneeId, me))} as mine,
          ${countUpToSql(chatSessions, hasUnread)} as unread`),
      );
      return row ?? { open: 0, pending: 0, resolved: 0, mine: 0, unread: 0 };
    },

    /**
     * Sets the status and/or the assignee (undefined: unchanged). 'not-an-agent' when
     * the assignee is not an active admin; the rows before and after otherwise.
     */
    async update(id: string, change: { status?: string; assigneeId?: string | null }) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(chatSessions)
          .where(eq(chatSessions.id, id))
          .for('update');
        if (!before) return 'not-found' as const;
        if (change.assigneeId) {
          const [agent] = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.id, change.assigneeId), adminsOnly, isNull(users.disabledAt)));
          if (!agent) return 'not-an-agent' as const;
        }
        const [after] = await tx
          .update(chatSessions)
          .set({
            ...(change.status !== undefined ? { status: change.status } : {}),
            ...(change.assigneeId !== undefined ? { assigneeId: change.assigneeId } : {}),
          })
          .where(eq(chatSessions.id, id))
          .returning();
        return { before, after: after ?? before };
      });
    },

    /** Someone's id and name parts, or null. */
    async person(id: string) {
      const [row] = await db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        })
        .from(users)
        .where(eq(users.id, id));
      return row ?? null;
    },

    /** Active admins, by name. */
    agents() {
      return db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        })
        .from(users)
        .where(and(adminsOnly, isNull(users.disabledAt)))
        .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email));
    },

    ...createChatCannedRepo(db),
  };
}
export type ChatAdminRepo = ReturnType<typeof createChatAdminRepo>;
export type AdminSessionRow = NonNullable<Awaited<ReturnType<ChatAdminRepo['one']>>>;
