import { and, eq, inArray, isNull, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { smsMessages, smsParts } from '../../db/schema/index.js';
import {
  applyAll,
  byCustomer,
  customerOrder,
  type ReceiptInput,
  type ReceiptResult,
} from './sms-receipt-apply.repo.js';
import { failAndRefund } from './sms-refund.repo.js';

export type { ReceiptInput, ReceiptOutcome, ReceiptResult } from './sms-receipt-apply.repo.js';

/** Settling messages: receipts, overdue receipts and the claims of senders that died. */
export function createSmsSettleRepo(db: Db) {
  async function settleClaims(which: SQL | undefined, at: Date, error: string) {
    let settled = 0;
    for (;;) {
      const done = await db.transaction(async (tx) => {
        const [stale] = await tx
          .select({ id: smsMessages.id, handedAt: smsMessages.handedAt })
          .from(smsMessages)
          .where(and(eq(smsMessages.status, 'sending'), which))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!stale) return false;
        if (stale.handedAt) await failAndRefund(tx, stale.id, error, at);
        else
          await tx
            .update(smsMessages)
            .set({
              status: 'queued',
              claimedUntil: null,
              claimedBy: null,
              nextAttemptAt: at,
              updatedAt: at,
            })
            .where(and(eq(smsMessages.id, stale.id), isNull(smsMessages.handedAt)));
        return true;
      });
      if (!done) return settled;
      settled++;
    }
  }

  const repo = {
    /**
     * Applies delivery receipts in one transaction, grouped by customer (byCustomer),
     * each customer's in the order they came: each to the part it names (any of its
     * `ids`, the id exactly as given first), but only when its `source` is that message's
     * recipient. A failed part fails and refunds the message; the last delivered part
     * delivers it. Answers each receipt's outcome in the order given.
     */
    async applyReceipts(receipts: readonly ReceiptInput[], at: Date): Promise<ReceiptResult[]> {
      if (receipts.length === 0) return [];
      return db.transaction(async (tx) => {
        // The messages are locked (in id order, so two such finds never wait on each
        // other in a cycle), so two transactions with receipts of one message's parts
        // take turns: each sees the parts the other settled (at once, each would see the
        // other's part still sent, and neither deliver the message). Within this one,
        // applyAll settles them together (decision 0082).
        const found = await tx
          .select({
            upstreamId: smsParts.upstreamId,
            messageId: smsParts.messageId,
            status: smsParts.status,
            recipient: smsMessages.recipient,
            userId: smsMessages.userId,
          })
          .from(smsParts)
          .innerJoin(smsMessages, eq(smsMessages.id, smsParts.messageId))
          .where(inArray(smsParts.upstreamId, [...new Set(receipts.flatMap((r) => r.ids))]))
          .orderBy(smsParts.messageId)
          .for('no key update', { of: smsMessages });
        return applyAll(tx, found, receipts, byCustomer(found, receipts), at);
      });
    },

    /** One receipt, in a transaction of its own (applyReceipts). */
    applyReceipt: async (
      ids: string[],
      source: string | null,
      status: 'delivered' | 'failed',
      error: string,
      at: Date,
    ): Promise<ReceiptResult> => {
      const [result] = await repo.applyReceipts([{ ids, source, status, error }], at);
      return result as ReceiptResult;
    },

    /**
     * `sent` messages whose receipt has not come by `sentBefore`: expired and refunded,
     * a batch at a time, each locked so two instances never settle the same one.
     */
    async expireOverdue(sentBefore: Date, at: Date, error: string, limit = 100) {
      return db.transaction(async (tx) => {
        const overdue = await tx
          .select({ id: smsMessages.id, userId: smsMessages.userId })
          .from(smsMessages)
          .where(and(eq(smsMessages.status, 'sent'), lt(smsMessages.sentAt, sentBefore)))
          .orderBy(smsMessages.sentAt)
          .limit(limit)
          .for('update', { skipLocked: true });
        // Refunded customer by customer in one order, as shared receipts are.
        overdue.sort(customerOrder);
        let expired = 0;
        for (const { id } of overdue)
          if (await failAndRefund(tx, id, error, at, 'expired')) expired++;
        return expired;
      });
    },

    /**
     * Messages whose sender died mid-send (its claim ran out): one never handed to the
     * gateway goes back to the queue; one that was is failed and refunded (its outcome
     * is unknown: decision 0008). One at a time, each locked so two instances never
     * settle the same one.
     */
    recoverAbandoned: (at: Date, error: string) =>
      settleClaims(lt(smsMessages.claimedUntil, at), at, error),

    /**
     * At start, this instance's own claims from before a crash, whatever their lease
     * says: nothing of this instance is sending them any more.
     */
    releaseOwnClaims: (instanceId: string, at: Date, error: string) =>
      settleClaims(eq(smsMessages.claimedBy, instanceId), at, error),
  };
  return repo;
}
export type SmsSettleRepo = ReturnType<typeof createSmsSettleRepo>;
