import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { calls, users } from '../../db/schema/index.js';
import type { Reopening } from './call-decisions.js';
import type { CallRow } from './calls.repo.js';

/** Calls settled unanswered that the edge then reports answered (decision 0038). */
export function createLateReportsRepo(db: Db) {
  return {
    /**
     * Opens a settled call again as answered, once: under a lock on the call, then on its
     * customer (the order settling takes), `decide` says whether and with what hold; the
     * hold goes back into `users.held`, whose CHECK keeps it within the balance. The end
     * report then settles it as any call. Null when `decide` declines.
     */
    async reopen(
      id: string,
      decide: (row: CallRow, money: { balance: string; held: string }) => Reopening | null,
    ): Promise<CallRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(calls).where(eq(calls.id, id)).for('update');
        if (!row) return null;
        const [money] = await tx
          .select({ balance: users.cryptoBalance, held: users.held })
          .from(users)
          .where(eq(users.id, row.userId))
          .for('update');
        const reopening = money ? decide(row, money) : null;
        if (!reopening) return null;
        const [updated] = await tx
          .update(calls)
          .set({
            status: 'answered',
            answeredAt: reopening.answeredAt,
            lateReportAt: reopening.lateReportAt,
            deadlineAt: reopening.deadlineAt,
            hold: reopening.hold,
            endedAt: null,
            duration: null,
            billableSeconds: null,
            includedSeconds: null,
            cost: null,
            uncharged: null,
            hangupCause: null,
            hangupBy: null,
          })
          .where(eq(calls.id, id))
          .returning();
        await tx
          .update(users)
          .set({ held: sql`${users.held} + ${reopening.hold}::numeric` })
          .where(eq(users.id, row.userId));
        return updated ?? null;
      });
    },
  };
}
export type LateReportsRepo = ReturnType<typeof createLateReportsRepo>;
