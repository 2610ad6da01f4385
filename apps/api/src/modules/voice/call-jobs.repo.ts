import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { calls } from '../../db/schema/index.js';
import { isOpen } from './call-state.repo.js';

/** What the call jobs read and write: overdue calls and the sandbox's own. */
export function createCallJobsRepo(db: Db) {
  return {
    /** Open calls whose deadline has passed: a job settles them. */
    async overdue(now: Date, limit = 100) {
      return db
        .select()
        .from(calls)
        .where(and(isOpen, lte(calls.deadlineAt, now)))
        .orderBy(calls.deadlineAt)
        .limit(limit);
    },

    /** Open sandbox calls of an instance, or of any instance not seen since `before`. */
    async sandboxOpen(filter: { owner: string } | { aliveBefore: Date }) {
      return db
        .select()
        .from(calls)
        .where(
          and(
            isOpen,
            eq(calls.gateway, 'sandbox'),
            'owner' in filter
              ? eq(calls.owner, filter.owner)
              : and(isNotNull(calls.aliveAt), lte(calls.aliveAt, filter.aliveBefore)),
          ),
        );
    },

    /** This instance still runs its sandbox calls: they are not to be settled by others. */
    async heartbeat(owner: string, at: Date) {
      await db
        .update(calls)
        .set({ aliveAt: at })
        .where(and(isOpen, eq(calls.gateway, 'sandbox'), eq(calls.owner, owner)));
    },
  };
}
