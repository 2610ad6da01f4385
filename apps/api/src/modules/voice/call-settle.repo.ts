import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { applyLedgerEntry } from '../../db/ledger.js';
import { calls, users } from '../../db/schema/index.js';
import { enqueueWebhook } from '../../db/webhooks.js';
import { isOpenCall } from './call-decisions.js';
import { type CallRow, isOpen, type Settlement } from './call-state.repo.js';

/** What a call's webhook says of it; `cost` and `duration` once it has ended. */
export const callWebhookData = (row: CallRow) => ({
  id: row.id,
  from: row.callerId,
  to: row.destination,
  status: row.status,
  answeredAt: row.answeredAt?.toISOString() ?? null,
  endedAt: row.endedAt?.toISOString() ?? null,
  duration: row.duration,
  billableSeconds: row.billableSeconds,
  cost: row.cost,
  currency: 'GBP',
  hangupCause: row.hangupCause,
});

/**
 * A call moved along (ringing, answered, being ended) and settled once with its charge;
 * each step writes its webhook (call.ringing, call.answered, call.ended) with it.
 */
export function createCallSettleRepo(db: Db) {
  return {
    /** dialing → ringing; null when the call was past that already. */
    ringing: (id: string, at: Date, deadlineAt: Date) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(calls)
          .set({
            status: 'ringing',
            ringingAt: at,
            deadlineAt,
            pddMs: sql`greatest(0, round(extract(epoch from (${at.toISOString()}::timestamptz - ${calls.createdAt})) * 1000))::int`,
          })
          .where(and(eq(calls.id, id), eq(calls.status, 'dialing')))
          .returning();
        if (row) await enqueueWebhook(tx, row.userId, 'call.ringing', callWebhookData(row), at);
        return row ?? null;
      }),

    /** dialing/ringing → answered; the deadline becomes answer + its maximum + `graceMs`. */
    answered: (id: string, at: Date, graceMs: number) =>
      db.transaction(async (tx) => {
        const answered = at.toISOString();
        const [row] = await tx
          .update(calls)
          .set({
            status: 'answered',
            answeredAt: at,
            deadlineAt: sql`${answered}::timestamptz + make_interval(secs => ${calls.maxSeconds} + ${graceMs / 1000})`,
            // A sandbox call was seen running when it was answered.
            aliveAt: sql`case when ${calls.gateway} = 'sandbox' then ${answered}::timestamptz else null end`,
          })
          .where(and(eq(calls.id, id), inArray(calls.status, ['dialing', 'ringing'])))
          .returning();
        if (row) await enqueueWebhook(tx, row.userId, 'call.answered', callWebhookData(row), at);
        return row ?? null;
      }),

    /**
     * Notes, on an open call, why Parley is ending it (null clears it when the edge could
     * not): whichever report settles it then records this cause and side.
     */
    async markEnding(id: string, end: { cause: string; by: string } | null) {
      await db
        .update(calls)
        .set({ hangupCause: end?.cause ?? null, hangupBy: end?.by ?? null })
        .where(and(eq(calls.id, id), isOpen));
    },

    /**
     * Settles a call exactly once: under a lock on the row, an open call takes what
     * `decide` says, its hold is released, then its cost is charged as `call:<id>`
     * (release first: the balance must cover the charge, not the charge and the hold).
     * A call already settled is answered as it is.
     */
    async settle(id: string, decide: (row: CallRow) => Settlement) {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(calls).where(eq(calls.id, id)).for('update');
        if (!row) return null;
        if (!isOpenCall(row.status)) return { call: row, settled: false };
        const s = decide(row);
        const [updated] = await tx
          .update(calls)
          .set({
            status: s.status,
            answeredAt: s.answeredAt,
            endedAt: s.endedAt,
            duration: s.duration,
            billableSeconds: s.billableSeconds,
            includedSeconds: s.includedSeconds,
            cost: s.cost,
            hangupCause: s.hangupCause,
            hangupBy: s.hangupBy,
            jitterMs: s.jitterMs ?? null,
            lossPercent: s.lossPercent ?? null,
            mos: s.mos ?? null,
            uncharged: s.uncharged ?? null,
          })
          .where(eq(calls.id, id))
          .returning();
        await tx
          .update(users)
          .set({ held: sql`${users.held} - ${row.hold}::numeric` })
          .where(eq(users.id, row.userId));
        if (Number(s.cost) > 0)
          await applyLedgerEntry(tx, {
            userId: row.userId,
            amount: `-${s.cost}`,
            currency: 'GBP',
            kind: 'charge',
            reference: `call:${row.id}`,
            rate: row.rate,
            note: `Call to ${row.destination}: ${s.billableSeconds - s.includedSeconds} s at ${row.ratePerMinute}/min`,
          });
        if (updated)
          await enqueueWebhook(
            tx,
            row.userId,
            'call.ended',
            callWebhookData(updated),
            updated.endedAt ?? new Date(),
          );
        return { call: updated ?? row, settled: true };
      });
    },
  };
}
