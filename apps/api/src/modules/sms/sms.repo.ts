import { compareDecimal, type GuardrailRefusal } from '@parley/shared';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { readSpending, readSpendingForCharge, type SpendingState } from '../../db/guardrails.js';
import { applyLedgerEntry, BalanceTooLowError } from '../../db/ledger.js';
import { smsBatches, smsMessages, users } from '../../db/schema/index.js';
import { CHECK_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors.js';

export type NewSms = typeof smsMessages.$inferInsert;
export type SmsRow = typeof smsMessages.$inferSelect;
export type { SpendingState };

/**
 * What queueing did. Refused: the ledger or the balance's CHECK would not let the
 * charge through (another send spent the money in between), or an id is taken.
 */
export type QueueResult =
  | { ok: true; batchId: string | null; messages: SmsRow[] }
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
  check(state: SpendingState): Refused | null;
}

/** The customer's side of SMS: charging and queueing, and reading back what was sent. */
export function createSmsRepo(db: Db) {
  return {
    async balance(userId: string): Promise<string> {
      const [row] = await db
        .select({ balance: users.cryptoBalance })
        .from(users)
        .where(eq(users.id, userId));
      return row?.balance ?? '0';
    },

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
      const queued = db.transaction(async (tx) => {
        const refused = guard.check(await readSpendingForCharge(tx, userId, guard.dayStart));
        if (refused) return { refused, batchId: null, messages: [] };
        let batchId: string | null = null;
        if (asBatch) {
          const [batch] = await tx
            .insert(smsBatches)
            .values({ userId, total: rows.length, cost: charge.amount })
            .returning({ id: smsBatches.id });
          batchId = batch?.id ?? null;
        }
        // In chunks: one statement may carry at most 65,535 parameters.
        const inserted: SmsRow[] = [];
        for (let i = 0; i < rows.length; i += 1000)
          inserted.push(
            ...(await tx
              .insert(smsMessages)
              .values(rows.slice(i, i + 1000).map((r) => ({ ...r, userId, batchId })))
              .returning()),
          );
        const reference = batchId ? `sms-batch:${batchId}` : `sms:${inserted[0]?.id}`;
        if (compareDecimal(charge.amount, '0') > 0)
          await applyLedgerEntry(tx, {
            userId,
            amount: `-${charge.amount}`,
            currency: 'GBP',
            kind: 'charge',
            reference,
            rate: charge.rate,
            note: charge.note,
            minBalanceBefore: charge.minBalance,
          });
        return { refused: null, batchId, messages: inserted };
      });
      try {
        const done = await queued;
        if (done.refused) return { ok: false, reason: 'guardrail', refused: done.refused };
        return { ok: true, batchId: done.batchId, messages: done.messages };
      } catch (err) {
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
