import { compareDecimal } from '@parley/shared';
import {
  and,
  eq,
  exists,
  getTableColumns,
  inArray,
  isNull,
  lt,
  ne,
  notExists,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { applyLedgerEntry, type Tx } from '../../db/ledger.js';
import { smsMessages, smsParts } from '../../db/schema/index.js';
import { enqueueWebhook } from '../../db/webhooks.js';
import type { SmsRow } from './sms-rows.repo.js';

/** What a message's webhook says of it (sms.delivered, sms.failed, sms.expired). */
export const smsWebhookData = (row: SmsRow) => ({
  id: row.id,
  to: row.recipient,
  from: row.senderId,
  status: row.status,
  segments: row.segments,
  cost: row.cost,
  currency: 'GBP',
  error: row.error,
  batchId: row.batchId,
});

/** What a receipt did: applied, already applied, from the wrong source, or no such part. */
export type ReceiptOutcome = 'applied' | 'settled' | 'mismatch' | 'unknown';

/**
 * Ends a message that is not final yet (failed, or expired when its receipt never
 * came) and refunds it, once: the status change and the refund share a transaction,
 * and the ledger's (kind, reference) is unique.
 */
export async function failAndRefund(
  tx: Tx,
  id: string,
  error: string,
  at: Date,
  status: 'failed' | 'expired' = 'failed',
) {
  const from = status === 'expired' ? ['sent'] : ['queued', 'sending', 'sent'];
  const [row] = await tx
    .update(smsMessages)
    .set({ status, error, updatedAt: at, doneAt: at, claimedUntil: null })
    .where(and(eq(smsMessages.id, id), inArray(smsMessages.status, from)))
    .returning();
  if (row && compareDecimal(row.cost, '0') > 0)
    await applyLedgerEntry(tx, {
      userId: row.userId,
      amount: row.cost,
      currency: 'GBP',
      kind: 'refund',
      reference: `sms:${row.id}`,
      rate: row.rate,
      note: `SMS to ${row.recipient} ${status}: ${error}`,
    });
  if (row) await enqueueWebhook(tx, row.userId, `sms.${status}`, smsWebhookData(row), at);
  return row ?? null;
}

/** Records the upstream id of each accepted part, so its receipt finds the message. */
export async function recordParts(tx: Tx, messageId: string, upstreamIds: readonly string[]) {
  if (upstreamIds.length === 0) return;
  await tx
    .insert(smsParts)
    .values(upstreamIds.map((upstreamId, i) => ({ upstreamId, messageId, part: i + 1 })))
    .onConflictDoNothing();
}

/** The part a receipt names, while no other receipt has settled it. */
const stillSent = (upstreamId: string) =>
  and(eq(smsParts.upstreamId, upstreamId), eq(smsParts.status, 'sent'));

/**
 * Marks a part delivered and, when it was the message's last, the message too: one
 * statement, under the message's lock (the caller's). Answers `settled` when another
 * receipt delivered the part first.
 */
async function deliverPart(tx: Tx, open: { upstreamId: string; messageId: string }, at: Date) {
  const part = tx
    .$with('part')
    .as(
      tx
        .update(smsParts)
        .set({ status: 'delivered' })
        .where(stillSent(open.upstreamId))
        .returning({ messageId: smsParts.messageId }),
    );
  // Both parts of the statement read the same snapshot, the one before `part` writes:
  // the message is delivered when this part's write happened and every other part is
  // delivered already.
  const others = tx
    .select({ one: sql`1` })
    .from(smsParts)
    .where(
      and(
        eq(smsParts.messageId, open.messageId),
        ne(smsParts.upstreamId, open.upstreamId),
        ne(smsParts.status, 'delivered'),
      ),
    );
  const done = tx.$with('done').as(
    tx
      .update(smsMessages)
      .set({ status: 'delivered', doneAt: at, updatedAt: at })
      .where(
        and(
          eq(smsMessages.id, open.messageId),
          eq(smsMessages.status, 'sent'),
          exists(tx.select({ one: sql`1` }).from(part)),
          notExists(others),
        ),
      )
      .returning(),
  );
  const [result] = await tx
    .with(part, done)
    .select({ messageId: part.messageId, row: messageFields(done) })
    .from(part)
    .leftJoin(done, sql`true`);
  if (!result) return { outcome: 'settled' as const };
  const row = result.row?.id ? (result.row as SmsRow) : null;
  if (row) await enqueueWebhook(tx, row.userId, 'sms.delivered', smsWebhookData(row), at);
  return { outcome: 'applied' as const, row };
}

/** A message's columns as a CTE returns them, to select them by name. */
const messageFields = (cte: object) => {
  const fields = cte as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(getTableColumns(smsMessages)).map((key) => [key, fields[key]]),
  ) as { [K in keyof SmsRow]: SQL.Aliased<SmsRow[K]> };
};

/** A delivery receipt as the outbox hands it to the repo. */
export interface ReceiptInput {
  ids: string[];
  source: string | null;
  status: 'delivered' | 'failed';
  error: string;
}
export type ReceiptResult = { outcome: ReceiptOutcome; row?: SmsRow | null };
type FoundPart = {
  upstreamId: string;
  messageId: string;
  status: string;
  recipient: string;
  userId: string;
};

/**
 * The parts a receipt names, those of them sent to its source (in the order of its ids:
 * the id exactly as given first) and the first still open: the part it settles.
 */
function partFor(found: FoundPart[], { ids, source }: ReceiptInput) {
  const named = found.filter((f) => ids.includes(f.upstreamId));
  const ours = ids.flatMap((id) =>
    named.filter((f) => f.upstreamId === id && f.recipient === source),
  );
  return { named, ours, open: ours.find((f) => f.status === 'sent') };
}

/**
 * Receipts grouped by the customer whose part each settles, customers in one order, each
 * customer's in the order they came: a failed part refunds its customer, locking their
 * balance, so every transaction that refunds several customers locks them in one order
 * and two never wait on each other in a cycle.
 */
function byCustomer(found: FoundPart[], receipts: readonly ReceiptInput[]) {
  const userOf = (r: ReceiptInput) => {
    const { named, open } = partFor(found, r);
    return (open ?? named[0])?.userId ?? '';
  };
  return receipts
    .map((receipt, i) => ({ i, user: userOf(receipt) }))
    .sort((a, b) => (a.user < b.user ? -1 : a.user > b.user ? 1 : 0))
    .map(({ i }) => i);
}

/**
 * One receipt, with the parts of its transaction's receipts found and their messages
 * locked. `found` is read before the lock was granted and kept up to date with this
 * transaction's own writes: a part settled meanwhile may still read sent, and the write,
 * which reads afresh, then finds it not.
 */
async function applyOne(tx: Tx, found: FoundPart[], receipt: ReceiptInput, at: Date) {
  const { status } = receipt;
  const { named, ours, open } = partFor(found, receipt);
  if (named.length === 0) return { outcome: 'unknown' as const };
  if (!open) return { outcome: ours.length ? ('settled' as const) : ('mismatch' as const) };
  open.status = status;
  if (status === 'delivered') return deliverPart(tx, open, at);
  const [part] = await tx
    .update(smsParts)
    .set({ status })
    .where(stillSent(open.upstreamId))
    .returning({ messageId: smsParts.messageId });
  if (!part) return { outcome: 'settled' as const };
  return {
    outcome: 'applied' as const,
    row: await failAndRefund(tx, part.messageId, receipt.error, at),
  };
}

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
        // other in a cycle), so the receipts of one message's parts are applied one after
        // another: each sees the parts the others settled (two at once would each see the
        // other's part still sent, and neither deliver the message).
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
        const results: ReceiptResult[] = [];
        for (const i of byCustomer(found, receipts))
          results[i] = await applyOne(tx, found, receipts[i] as ReceiptInput, at);
        return results;
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
        // Refunded customer by customer in one order, as shared receipts are (byCustomer).
        overdue.sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
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
