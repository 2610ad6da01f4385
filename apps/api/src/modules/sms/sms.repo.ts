import { randomUUID } from 'node:crypto';
import { compareDecimal } from '@parley/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { readSpending, readSpendingForCharge, type SpendingState } from '../../db/guardrails.js';
import { applyLedgerEntry, BalanceTooLowError, type Tx } from '../../db/ledger.js';
import { smsBatches, smsMessages } from '../../db/schema/index.js';
import { CHECK_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors.js';
import { copyWithFields } from '../../lib/with-fields.js';
import { chargeOneMessage } from './sms-charge.repo.js';
import { createSmsHistoryRepo } from './sms-history.repo.js';
import { judgementHolds } from './sms-limits.js';
import type { NewSms, QueuedSms, SmsCharge, SmsRow } from './sms-rows.repo.js';

export type { NewSms, SmsRow, SpendingState };

/**
 * What queueing did. `judge`: the charge needs judging on these facts (the customer has
 * limits, or the facts judged before are no longer the ones under the lock). Refused:
 * the ledger or the balance's CHECK would not let the charge through (another send
 * spent the money in between), or an id is taken.
 */
export type QueueResult =
  | { ok: true; batchId: string | null; messages: QueuedSms[] }
  | { ok: false; reason: 'balance-too-low' | 'duplicate' }
  | { ok: false; reason: 'judge'; facts: SpendingState };

/** The facts under the lock differ from those judged: the transaction rolls back. */
class FactsChanged extends Error {
  constructor(readonly facts: SpendingState) {
    super('sms: spending changed since it was judged');
  }
}

type Rows = Omit<NewSms, 'userId' | 'batchId'>[];

/** Writes the batch, the messages and their one charge in `tx`, in one round trip. */
async function writeQueued(
  tx: Tx,
  userId: string,
  rows: Rows,
  charge: SmsCharge,
  asBatch: boolean,
) {
  let batchId: string | null = null;
  if (asBatch) {
    const [batch] = await tx
      .insert(smsBatches)
      .values({ userId, total: rows.length, cost: charge.amount })
      .returning({ id: smsBatches.id });
    batchId = batch?.id ?? null;
  }
  // Ids chosen here, so the charge can name its message and go out with the
  // inserts in one round trip (a failure of either rolls both back).
  const values = rows.map((r) => copyWithFields(r, { id: r.id ?? randomUUID(), userId, batchId }));
  const reference = batchId ? `sms-batch:${batchId}` : `sms:${values[0]?.id}`;
  const writes: Promise<unknown>[] = [];
  // In chunks: one statement may carry at most 65,535 parameters.
  for (let i = 0; i < values.length; i += 1000)
    writes.push(
      tx
        .insert(smsMessages)
        .values(values.slice(i, i + 1000))
        .returning(),
    );
  if (compareDecimal(charge.amount, '0') > 0)
    writes.push(
      applyLedgerEntry(tx, {
        userId,
        amount: `-${charge.amount}`,
        currency: 'GBP',
        kind: 'charge',
        reference,
        rate: charge.rate,
        note: charge.note,
        minBalanceBefore: charge.minBalance,
      }),
    );
  const done = await Promise.all(writes);
  const chunks = done.slice(0, Math.ceil(values.length / 1000)) as SmsRow[][];
  return { batchId, messages: chunks.flat() };
}

/** A refusal the database raised, as queueing answers it; anything else is rethrown. */
function refusedByDatabase(err: unknown): QueueResult {
  if (err instanceof FactsChanged) return { ok: false, reason: 'judge', facts: err.facts };
  if (err instanceof BalanceTooLowError || pgErrorCode(err) === CHECK_VIOLATION)
    return { ok: false, reason: 'balance-too-low' };
  if (pgErrorCode(err) === UNIQUE_VIOLATION) return { ok: false, reason: 'duplicate' };
  throw err;
}

/** The customer's side of SMS: charging and queueing, and reading back what was sent. */
export function createSmsRepo(db: Db) {
  return {
    ...createSmsHistoryRepo(db),
    /** Balance and limits, unlocked: what a quote or a first check reads. */
    spending: (userId: string, dayStart: Date) => readSpending(db, userId, dayStart),

    /**
     * Charges the balance and queues the messages in one transaction: all of them or
     * none. A single message is charged as `sms:<id>`, a batch once as `sms-batch:<id>`.
     * Nothing judged yet (`judged` null): a customer with no limits has a single message
     * charged and queued in one statement; otherwise the facts to judge come back. With
     * the facts judged, the customer's spending is read again in the transaction (their
     * row locked when they have a daily cap) and, if the judgement no longer holds (other
     * limits, or the cap no longer covers it), the new facts come back and nothing is
     * written.
     */
    async queue(
      userId: string,
      rows: Rows,
      charge: SmsCharge,
      asBatch: boolean,
      guard: { dayStart: Date; judged: SpendingState | null },
    ): Promise<QueueResult> {
      const { dayStart, judged } = guard;
      const [only] = rows;
      const single = !asBatch && only && rows.length === 1;
      try {
        if (!judged && single && compareDecimal(charge.amount, '0') > 0) {
          // Most customers set no limits: one statement charges and queues, in one
          // round trip.
          const queued = await chargeOneMessage(db, userId, only, charge);
          if (queued === 'balance-too-low') return { ok: false, reason: 'balance-too-low' };
          if (queued !== 'has-limits') return { ok: true, batchId: null, messages: [queued] };
        }
        if (!judged)
          return { ok: false, reason: 'judge', facts: await readSpending(db, userId, dayStart) };
        const done = await db.transaction(async (tx) => {
          const now = await readSpendingForCharge(tx, userId, dayStart);
          if (!judgementHolds(judged, now, charge.amount)) throw new FactsChanged(now);
          return writeQueued(tx, userId, rows, charge, asBatch);
        });
        return { ok: true, batchId: done.batchId, messages: done.messages };
      } catch (err) {
        return refusedByDatabase(err);
      }
    },

    async findMessage(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(smsMessages)
        .where(and(eq(smsMessages.id, id), eq(smsMessages.userId, userId)));
      return row;
    },

    async batch(userId: string, id: string) {
      const [batch] = await db
        .select()
        .from(smsBatches)
        .where(and(eq(smsBatches.id, id), eq(smsBatches.userId, userId)));
      if (!batch) return null;
      const counts = await db
        .select({ status: smsMessages.status, n: count() })
        .from(smsMessages)
        .where(eq(smsMessages.batchId, id))
        .groupBy(smsMessages.status);
      return { batch, counts };
    },

    async queuedCount() {
      // Each status as its own literal, so the outbox's two partial indexes answer, not the
      // table.
      const [row] = await db
        .select({ n: count() })
        .from(smsMessages)
        .where(sql`${smsMessages.status} = 'queued' or ${smsMessages.status} = 'sending'`);
      return row?.n ?? 0;
    },
  };
}
export type SmsRepo = ReturnType<typeof createSmsRepo>;
