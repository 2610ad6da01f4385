import { compareDecimal } from '@parley/shared';
import {
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  like,
  lt,
  lte,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { applyLedgerEntry, type Tx } from '../../db/ledger.js';
import { smsBatches, smsInbound, smsMessages, smsParts, users } from '../../db/schema/index.js';
import { SANDBOX_ID_PREFIX } from '../../integrations/sms/sandbox.js';

export type NewSms = typeof smsMessages.$inferInsert;
export type SmsRow = typeof smsMessages.$inferSelect;
export type NewInbound = typeof smsInbound.$inferInsert;

/** What a receipt did: applied, already applied, from the wrong source, or no such part. */
export type ReceiptOutcome = 'applied' | 'settled' | 'mismatch' | 'unknown';

/**
 * Ends a message that is not final yet (failed, or expired when its receipt never
 * came) and refunds it, once: the status change and the refund share a transaction,
 * and the ledger's (kind, reference) is unique.
 */
async function failAndRefund(
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
  return row ?? null;
}

/** Records the upstream id of each accepted part, so its receipt finds the message. */
async function recordParts(tx: Tx, messageId: string, upstreamIds: readonly string[]) {
  if (upstreamIds.length === 0) return;
  await tx
    .insert(smsParts)
    .values(upstreamIds.map((upstreamId, i) => ({ upstreamId, messageId, part: i + 1 })))
    .onConflictDoNothing();
}

export function createSmsRepo(db: Db) {
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

  return {
    async balance(userId: string): Promise<string> {
      const [row] = await db
        .select({ balance: users.cryptoBalance })
        .from(users)
        .where(eq(users.id, userId));
      return row?.balance ?? '0';
    },

    /**
     * Charges the balance and queues the messages in one transaction: all of them or
     * none. A single message is charged as `sms:<id>`, a batch once as `sms-batch:<id>`.
     */
    async queue(
      userId: string,
      rows: Omit<NewSms, 'userId' | 'batchId'>[],
      charge: { amount: string; rate: string | null; note: string; minBalance: string },
      asBatch: boolean,
    ) {
      return db.transaction(async (tx) => {
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
        return { batchId, messages: inserted };
      });
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

    /**
     * Takes up to `limit` due messages for sending. SKIP LOCKED lets several instances
     * share the outbox without taking the same message; the lease lets a live
     * instance's sends be told apart from a crashed one's.
     */
    async claim(
      limit: number,
      at: Date,
      leaseMs: number,
      instanceId: string | null = null,
    ): Promise<SmsRow[]> {
      const due = db
        .select({ id: smsMessages.id })
        .from(smsMessages)
        .where(and(eq(smsMessages.status, 'queued'), lte(smsMessages.nextAttemptAt, at)))
        .orderBy(smsMessages.nextAttemptAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(smsMessages)
        .set({
          status: 'sending',
          attempts: sql`${smsMessages.attempts} + 1`,
          claimedUntil: new Date(at.getTime() + leaseMs),
          claimedBy: instanceId,
          handedAt: null,
          updatedAt: at,
        })
        .where(inArray(smsMessages.id, due))
        .returning();
    },

    async markSent(id: string, upstreamIds: string[], at: Date) {
      await db.transaction(async (tx) => {
        await tx
          .update(smsMessages)
          .set({
            status: 'sent',
            acceptedParts: upstreamIds,
            sentAt: at,
            updatedAt: at,
            claimedUntil: null,
            error: null,
          })
          .where(and(eq(smsMessages.id, id), eq(smsMessages.status, 'sending')));
        await recordParts(tx, id, upstreamIds);
      });
    },

    /**
     * Extends this sender's claim and marks it handed over, just before the gateway is
     * called; false when the claim was lost. Without the mark a claim was never sent.
     */
    async renewLease(id: string, attempt: number, at: Date, leaseMs: number): Promise<boolean> {
      const renewed = await db
        .update(smsMessages)
        .set({ claimedUntil: new Date(at.getTime() + leaseMs), handedAt: at })
        .where(
          and(
            eq(smsMessages.id, id),
            eq(smsMessages.status, 'sending'),
            // The same claim: a recovered and claimed again message has another count.
            eq(smsMessages.attempts, attempt),
            gte(smsMessages.claimedUntil, at),
          ),
        )
        .returning({ id: smsMessages.id });
      return renewed.length > 0;
    },

    async retryLater(id: string, accepted: readonly string[], nextAt: Date, error: string) {
      await db.transaction(async (tx) => {
        await tx
          .update(smsMessages)
          .set({
            status: 'queued',
            acceptedParts: [...accepted],
            nextAttemptAt: nextAt,
            claimedUntil: null,
            claimedBy: null,
            handedAt: null,
            error: error || null,
            updatedAt: new Date(),
          })
          .where(and(eq(smsMessages.id, id), eq(smsMessages.status, 'sending')));
        await recordParts(tx, id, accepted);
      });
    },

    /** Fails and refunds a message, recording the parts the upstream did accept. */
    fail: (id: string, error: string, at: Date, accepted: readonly string[] = []) =>
      db.transaction(async (tx) => {
        await recordParts(tx, id, accepted);
        return failAndRefund(tx, id, error, at);
      }),

    /**
     * Applies a delivery receipt to the part it names (any of `ids`, the id exactly as
     * given first), but only when `source` is that message's recipient. A failed part
     * fails and refunds the message; the last delivered part delivers it.
     */
    async applyReceipt(
      ids: string[],
      source: string | null,
      status: 'delivered' | 'failed',
      error: string,
      at: Date,
    ): Promise<{ outcome: ReceiptOutcome; row?: SmsRow | null }> {
      return db.transaction(async (tx) => {
        const found = await tx
          .select({
            upstreamId: smsParts.upstreamId,
            messageId: smsParts.messageId,
            status: smsParts.status,
            recipient: smsMessages.recipient,
          })
          .from(smsParts)
          .innerJoin(smsMessages, eq(smsMessages.id, smsParts.messageId))
          .where(inArray(smsParts.upstreamId, ids));
        if (found.length === 0) return { outcome: 'unknown' as const };
        const ours = ids.flatMap((id) =>
          found.filter((f) => f.upstreamId === id && f.recipient === source),
        );
        const open = ours.find((f) => f.status === 'sent');
        if (!open) return { outcome: ours.length ? ('settled' as const) : ('mismatch' as const) };
        const [part] = await tx
          .update(smsParts)
          .set({ status })
          .where(and(eq(smsParts.upstreamId, open.upstreamId), eq(smsParts.status, 'sent')))
          .returning({ messageId: smsParts.messageId });
        // Another instance applied it first.
        if (!part) return { outcome: 'settled' as const };
        if (status === 'failed')
          return {
            outcome: 'applied' as const,
            row: await failAndRefund(tx, part.messageId, error, at),
          };
        const [waiting] = await tx
          .select({ n: count() })
          .from(smsParts)
          .where(
            and(eq(smsParts.messageId, part.messageId), sql`${smsParts.status} <> 'delivered'`),
          );
        if ((waiting?.n ?? 0) > 0) return { outcome: 'applied' as const, row: null };
        const [row] = await tx
          .update(smsMessages)
          .set({ status: 'delivered', doneAt: at, updatedAt: at })
          .where(and(eq(smsMessages.id, part.messageId), eq(smsMessages.status, 'sent')))
          .returning();
        return { outcome: 'applied' as const, row: row ?? null };
      });
    },

    /** The sandbox's parts sent before `sentBefore` and still waiting for their receipt. */
    async sandboxDue(sentBefore: Date, limit: number) {
      return db
        .select({ upstreamId: smsParts.upstreamId, recipient: smsMessages.recipient })
        .from(smsParts)
        .innerJoin(smsMessages, eq(smsMessages.id, smsParts.messageId))
        .where(
          and(
            eq(smsMessages.status, 'sent'),
            lte(smsMessages.sentAt, sentBefore),
            eq(smsParts.status, 'sent'),
            like(smsParts.upstreamId, `${SANDBOX_ID_PREFIX}%`),
          ),
        )
        .orderBy(smsMessages.sentAt)
        .limit(limit);
    },

    /**
     * `sent` messages whose receipt has not come by `sentBefore`: expired and refunded,
     * a batch at a time, each locked so two instances never settle the same one.
     */
    async expireOverdue(sentBefore: Date, at: Date, error: string, limit = 100) {
      return db.transaction(async (tx) => {
        const overdue = await tx
          .select({ id: smsMessages.id })
          .from(smsMessages)
          .where(and(eq(smsMessages.status, 'sent'), lt(smsMessages.sentAt, sentBefore)))
          .orderBy(smsMessages.sentAt)
          .limit(limit)
          .for('update', { skipLocked: true });
        let expired = 0;
        for (const { id } of overdue)
          if (await failAndRefund(tx, id, error, at, 'expired')) expired++;
        return expired;
      });
    },

    async storeInbound(row: NewInbound) {
      await db.insert(smsInbound).values(row);
    },

    async inbound(page: number, pageSize: number) {
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(smsInbound)
          .orderBy(desc(smsInbound.receivedAt), desc(smsInbound.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(smsInbound),
      ]);
      return { items, total: total?.n ?? 0 };
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
