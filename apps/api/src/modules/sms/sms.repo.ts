import { randomUUID } from 'node:crypto';
import { compareDecimal, type GuardrailRefusal } from '@parley/shared';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { readSpending, readSpendingForCharge, type SpendingState } from '../../db/guardrails.js';
import { applyLedgerEntry, BalanceTooLowError } from '../../db/ledger.js';
import { smsBatches, smsMessages } from '../../db/schema/index.js';
import { CHECK_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors.js';
import { chargeOneMessage, type QueuedSms } from './sms-charge.repo.js';

export type NewSms = typeof smsMessages.$inferInsert;
export type SmsRow = typeof smsMessages.$inferSelect;
export type { SpendingState };

/**
 * What queueing did. Refused: the ledger or the balance's CHECK would not let the
 * charge through (another send spent the money in between), or an id is taken.
 */
export type QueueResult =
  | { ok: true; batchId: string | null; messages: QueuedSms[] }
  | { ok: false; reason: 'balance-too-low' | 'duplicate' }
  | { ok: false; reason: 'guardrail'; refused: Refused };

/** A limit that refuses a charge, and the recipient it refuses when it is one's. */
export interface Refused {
  refusal: GuardrailRefusal;
  recipient: string | null;
}

/** The customer's spending limits checked inside the charge's transaction. */
export interface ChargeGuard {
  /** The start of the cap's UTC day. */
  dayStart: Date;
  /** Why the charge may not happen, or null. */
  check(state: SpendingState): Refused | 'balance-too-low' | null;
}

/** The guard refused the charge: the transaction rolls back and nothing is written. */
class ChargeRefused extends Error {
  constructor(readonly refused: Refused | 'balance-too-low') {
    super('sms: charge refused');
  }
}

/** The customer's side of SMS: charging and queueing, and reading back what was sent. */
export function createSmsRepo(db: Db) {
  return {
    /** Balance and limits, unlocked: what a quote or a first check reads. */
    spending: (userId: string, dayStart: Date) => readSpending(db, userId, dayStart),

    /**
     * Charges the balance and queues the messages in one transaction: all of them or
     * none. A single message is charged as `sms:<id>`, a batch once as `sms-batch:<id>`.
     * The guard sees the customer's spending first (their row locked when they have a
     * daily cap) and a refusal writes nothing.
     */
    async queue(
      userId: string,
      rows: Omit<NewSms, 'userId' | 'batchId'>[],
      charge: { amount: string; rate: string | null; note: string; minBalance: string },
      asBatch: boolean,
      guard: ChargeGuard,
    ): Promise<QueueResult> {
      const [only] = rows;
      if (!asBatch && only && rows.length === 1 && compareDecimal(charge.amount, '0') > 0) {
        try {
          // Most customers set no limits: one statement charges and queues, in one round
          // trip. With limits they are judged first; without a daily cap nothing needs
          // the customer's row held meanwhile (the cap's path locks it, below).
          let queued = await chargeOneMessage(db, userId, only, charge, true);
          if (queued === 'has-limits') {
            const state = await readSpending(db, userId, guard.dayStart);
            if (state.limits?.dailySpendCap == null) {
              const refused = guard.check(state);
              if (refused === 'balance-too-low') return { ok: false, reason: 'balance-too-low' };
              if (refused) return { ok: false, reason: 'guardrail', refused };
              queued = await chargeOneMessage(db, userId, only, charge, false);
            }
          }
          if (queued === 'balance-too-low') return { ok: false, reason: 'balance-too-low' };
          if (queued !== 'has-limits') return { ok: true, batchId: null, messages: [queued] };
        } catch (err) {
          if (pgErrorCode(err) === CHECK_VIOLATION) return { ok: false, reason: 'balance-too-low' };
          if (pgErrorCode(err) === UNIQUE_VIOLATION) return { ok: false, reason: 'duplicate' };
          throw err;
        }
      }
      const queued = db.transaction(async (tx) => {
        const refused = guard.check(await readSpendingForCharge(tx, userId, guard.dayStart));
        if (refused) throw new ChargeRefused(refused);
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
        const values = rows.map((r) => ({ ...r, id: r.id ?? randomUUID(), userId, batchId }));
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
      });
      try {
        const done = await queued;
        return { ok: true, batchId: done.batchId, messages: done.messages };
      } catch (err) {
        if (err instanceof ChargeRefused)
          return err.refused === 'balance-too-low'
            ? { ok: false, reason: 'balance-too-low' }
            : { ok: false, reason: 'guardrail', refused: err.refused };
        if (err instanceof BalanceTooLowError || pgErrorCode(err) === CHECK_VIOLATION)
          return { ok: false, reason: 'balance-too-low' };
        if (pgErrorCode(err) === UNIQUE_VIOLATION) return { ok: false, reason: 'duplicate' };
        throw err;
      }
    },

    async findMessage(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(smsMessages)
        .where(and(eq(smsMessages.id, id), eq(smsMessages.userId, userId)));
      return row;
    },

    async history(userId: string, page: number, pageSize: number) {
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(smsMessages)
          .where(eq(smsMessages.userId, userId))
          .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(smsMessages).where(eq(smsMessages.userId, userId)),
      ]);
      return { items, total: total?.n ?? 0 };
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
      const [row] = await db
        .select({ n: count() })
        .from(smsMessages)
        .where(inArray(smsMessages.status, ['queued', 'sending']));
      return row?.n ?? 0;
    },
  };
}
export type SmsRepo = ReturnType<typeof createSmsRepo>;
