import { and, eq, gte, inArray, like, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { smsMessages, smsParts } from '../../db/schema/index.js';
import { SANDBOX_ID_PREFIX } from '../../integrations/sms/sandbox.js';
import type { SmsRow } from './sms-rows.repo.js';
import { failAndRefund, recordParts } from './sms-settle.repo.js';

/** The sending side of the outbox: claims, leases and what the gateway answered. */
export function createSmsOutboxRepo(db: Db) {
  return {
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

    /**
     * The gateway took the message: it is `sent`, and each accepted part's upstream id is
     * recorded so its receipt finds it. One statement (both writes or neither), so the
     * outbox spends one round trip per message here, not a transaction's four.
     */
    async markSent(id: string, upstreamIds: string[], at: Date) {
      const ids = JSON.stringify(upstreamIds);
      await db.execute(sql`
        with sent as (
          update ${smsMessages}
          set status = 'sent', accepted_parts = array(select jsonb_array_elements_text(${ids}::jsonb)),
            sent_at = ${at.toISOString()}::timestamptz, updated_at = ${at.toISOString()}::timestamptz,
            claimed_until = null, error = null
          where id = ${id}::uuid and status = 'sending'
        )
        insert into ${smsParts} (upstream_id, message_id, part)
        select part.upstream_id, ${id}::uuid, part.n::int
        from jsonb_array_elements_text(${ids}::jsonb) with ordinality as part(upstream_id, n)
        on conflict do nothing`);
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
  };
}
export type SmsOutboxRepo = ReturnType<typeof createSmsOutboxRepo>;
