import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { countUpTo, one } from '../../db/count.js';
import { calls, users } from '../../db/schema/index.js';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors.js';
import { createCallAuthoriseRepo } from './call-authorise.repo.js';
import { createCallHistoryRepo } from './call-history.repo.js';
import { createCallJobsRepo } from './call-jobs.repo.js';
import { createCallSettleRepo } from './call-settle.repo.js';
import { isOpen } from './call-state.repo.js';

export type {
  AccountState,
  Authorisation,
  CallRow,
  NewCall,
  Settlement,
} from './call-state.repo.js';
export { OPEN } from './call-state.repo.js';

/** Calls: authorised with a hold, moved along, settled once with their charge. */
export function createCallsRepo(db: Db) {
  return {
    ...createCallAuthoriseRepo(db),
    ...createCallSettleRepo(db),
    ...createCallJobsRepo(db),
    ...createCallHistoryRepo(db),
    async byId(id: string) {
      const [row] = await db.select().from(calls).where(eq(calls.id, id));
      return row ?? null;
    },
    async forUser(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(calls)
        .where(and(eq(calls.id, id), eq(calls.userId, userId)));
      return row ?? null;
    },
    async byEdgeId(edgeCallId: string) {
      const [row] = await db.select().from(calls).where(eq(calls.edgeCallId, edgeCallId));
      return row ?? null;
    },
    async byToken(token: string) {
      const [row] = await db.select().from(calls).where(eq(calls.token, token));
      return row ?? null;
    },

    /** Ties a web call to the edge's Call-ID, once; null when it is taken or not open. */
    async attachEdge(id: string, edgeCallId: string) {
      try {
        const [row] = await db
          .update(calls)
          .set({ edgeCallId })
          .where(and(eq(calls.id, id), sql`${calls.edgeCallId} is null`, isOpen))
          .returning();
        return row ?? null;
      } catch (err) {
        if (pgErrorCode(err) === UNIQUE_VIOLATION) return null;
        throw err;
      }
    },

    async openCount(userId?: string) {
      const [row] = await db
        .select({ n: count() })
        .from(calls)
        .where(userId ? and(isOpen, eq(calls.userId, userId)) : isOpen);
      return row?.n ?? 0;
    },

    /** Admins: every call (or those in progress), with whose it is. */
    async adminList(page: number, pageSize: number, activeOnly: boolean) {
      const where = activeOnly ? isOpen : undefined;
      const [items, total] = await Promise.all([
        db
          .select({ call: calls, email: users.email })
          .from(calls)
          .innerJoin(users, eq(users.id, calls.userId))
          .where(where)
          .orderBy(desc(calls.createdAt), desc(calls.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        countUpTo(db, db.select({ one: one() }).from(calls).where(where).$dynamic()),
      ]);
      return { items, total };
    },

    async emailOf(userId: string) {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email ?? '';
    },
  };
}
export type CallsRepo = ReturnType<typeof createCallsRepo>;
