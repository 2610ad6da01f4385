import { compareDecimal } from '@parley/shared';
import { and, count, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { applyLedgerEntry, type Tx } from '../../db/ledger.js';
import { smsBatches, smsMessages, smsParts, users } from '../../db/schema/index.js';

export type NewSms = typeof smsMessages.$inferInsert;
export type SmsRow = typeof smsMessages.$inferSelect;

/** Marks a message failed (if it is not final yet) and refunds it, once. */
async function failAndRefund(tx: Tx, id: string, error: string, at: Date) {
  const [row] = await tx
    .update(smsMessages)
    .set({ status: 'failed', error, updatedAt: at, doneAt: at, claimedUntil: null })
    .where(and(eq(smsMessages.id, id), inArray(smsMessages.status, ['queued', 'sending', 'sent'])))
    .returning();
  if (row && compareDecimal(row.cost, '0') > 0)
    await applyLedgerEntry(tx, {
      userId: row.userId,
      amount: row.cost,
      currency: 'GBP',
      kind: 'refund',
      reference: `sms:${row.id}`,
      rate: row.rate,
      note: `SMS to ${row.recipient} failed: ${error}`,
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
    async claim(limit: number, at: Date, leaseMs: number): Promise<SmsRow[]> {
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

    /** Extends this sender's claim before a submit; false when the claim was lost. */
    async renewLease(id: string, at: Date, leaseMs: number): Promise<boolean> {
      const renewed = await db
        .update(smsMessages)
        .set({ claimedUntil: new Date(at.getTime() + leaseMs) })
        .where(
          and(
            eq(smsMessages.id, id),
            eq(smsMessages.status, 'sending'),
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
     * Applies a delivery receipt to the part it names (any of `ids`). A failed part
     * fails and refunds the message; the last delivered part delivers it. Null when no
     * sent part has that id (yet).
     */
    async applyReceipt(ids: string[], status: 'delivered' | 'failed', error: string, at: Date) {
      return db.transaction(async (tx) => {
        // The id exactly as given first; another form only when no part has that one.
        let part: { messageId: string } | undefined;
        for (const id of ids) {
          [part] = await tx
            .update(smsParts)
            .set({ status })
            .where(and(eq(smsParts.upstreamId, id), eq(smsParts.status, 'sent')))
            .returning({ messageId: smsParts.messageId });
          if (part) break;
        }
        if (!part) return null;
        if (status === 'failed') return failAndRefund(tx, part.messageId, error, at);
        const [open] = await tx
          .select({ n: count() })
          .from(smsParts)
          .where(
            and(eq(smsParts.messageId, part.messageId), sql`${smsParts.status} <> 'delivered'`),
          );
        if ((open?.n ?? 0) > 0) return null;
        const [row] = await tx
          .update(smsMessages)
          .set({ status: 'delivered', doneAt: at, updatedAt: at })
          .where(and(eq(smsMessages.id, part.messageId), eq(smsMessages.status, 'sent')))
          .returning();
        return row ?? null;
      });
    },

    /**
     * Messages whose sender died mid-send (its claim ran out): failed and refunded, one
     * at a time, each locked so two instances never recover the same one.
     */
    async recoverAbandoned(at: Date, error: string) {
      let recovered = 0;
      for (;;) {
        const done = await db.transaction(async (tx) => {
          const [stale] = await tx
            .select({ id: smsMessages.id })
            .from(smsMessages)
            .where(and(eq(smsMessages.status, 'sending'), lt(smsMessages.claimedUntil, at)))
            .limit(1)
            .for('update', { skipLocked: true });
          if (!stale) return false;
          await failAndRefund(tx, stale.id, error, at);
          return true;
        });
        if (!done) return recovered;
        recovered++;
      }
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
