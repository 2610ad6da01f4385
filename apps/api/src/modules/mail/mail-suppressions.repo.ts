import { and, asc, count, desc, eq, ilike } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containing } from '../../db/raw.js';
import { mailSuppressions } from '../../db/schema/index.js';

export type SuppressionRow = typeof mailSuppressions.$inferSelect;

/** Addresses a customer's mail no longer goes to (bounces and complaints add them). */
export function createSuppressionsRepo(db: Db) {
  return {
    async suppressions(userId: string, q: string | undefined, page: number, pageSize: number) {
      const where = and(
        eq(mailSuppressions.userId, userId),
        q ? ilike(mailSuppressions.address, containing(q.toLowerCase())) : undefined,
      );
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(mailSuppressions)
          .where(where)
          .orderBy(desc(mailSuppressions.createdAt), asc(mailSuppressions.address))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(mailSuppressions).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },
    async isSuppressed(userId: string, address: string) {
      const [row] = await db
        .select({ id: mailSuppressions.id })
        .from(mailSuppressions)
        .where(and(eq(mailSuppressions.userId, userId), eq(mailSuppressions.address, address)));
      return row !== undefined;
    },
    async removeSuppression(userId: string, id: string) {
      const gone = await db
        .delete(mailSuppressions)
        .where(and(eq(mailSuppressions.id, id), eq(mailSuppressions.userId, userId)))
        .returning({ id: mailSuppressions.id });
      return gone.length > 0;
    },
  };
}
export type SuppressionsRepo = ReturnType<typeof createSuppressionsRepo>;
