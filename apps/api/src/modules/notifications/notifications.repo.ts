import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications, users } from '../../db/schema/index.js';

export type NoticeRow = typeof notifications.$inferSelect;

/** A customer's notices as they read them, their read marks, and their language. */
export function createNotificationsRepo(db: Db) {
  const unreadOf = (userId: string) =>
    and(eq(notifications.userId, userId), isNull(notifications.readAt));

  async function unread(userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(notifications).where(unreadOf(userId));
    return row?.n ?? 0;
  }

  return {
    unread,

    /**
     * Up to `limit` notices, newest first (ties by id), older than the notice `before`
     * when given; one more is read to say whether more follow. A `before` that is not
     * this customer's answers 'unknown-cursor'.
     */
    async page(userId: string, before: string | undefined, limit: number) {
      let older: ReturnType<typeof or> | undefined;
      if (before) {
        const [cursor] = await db
          .select({ createdAt: notifications.createdAt, id: notifications.id })
          .from(notifications)
          .where(and(eq(notifications.id, before), eq(notifications.userId, userId)));
        if (!cursor) return 'unknown-cursor' as const;
        older = or(
          lt(notifications.createdAt, cursor.createdAt),
          and(eq(notifications.createdAt, cursor.createdAt), lt(notifications.id, cursor.id)),
        );
      }
      const rows = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), older))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit + 1);
      return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
    },

    /** Marks the customer's own notices read (`ids`, or all); others' ids change nothing. */
    async markRead(userId: string, ids: string[] | 'all', at: Date): Promise<number> {
      await db
        .update(notifications)
        .set({ readAt: at })
        .where(and(unreadOf(userId), ids === 'all' ? undefined : inArray(notifications.id, ids)));
      return unread(userId);
    },

    async setLanguage(userId: string, language: string): Promise<void> {
      await db.update(users).set({ language, updatedAt: sql`now()` }).where(eq(users.id, userId));
    },
  };
}
export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
