import { and, eq, gte, inArray, like, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { smsMessages, smsParts } from '../../db/schema/index.js';
import { SANDBOX_ID_PREFIX } from '../../integrations/sms/sandbox.js';
import { failAndRefund, recordParts } from './sms-refund.repo.js';
import type { SmsRow } from './sms-rows.repo.js';

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
     * The gateway took these messages: each is `sent`, and each accepted part's upstream
     * id is recorded so its receipt finds it. One statement for them all (both writes or
     * neither), so a busy outbox spends one round trip on many messages here. The rows are
     * locked in id order, as every writer of several messages locks them, so two such
     * writes never wait on each other in a cycle.
     */
    async markSent(sent: readonly { id: string; upstreamIds: readonly string[] }[], at: Date) {
      if (sent.length === 0) return;
      const input = JSON.stringify(sent.map((s) => ({ id: s.id, ids: s.upstreamIds })));
      const when = at.toISOString();
      await db.execute(sql`
        with input as (
          select x.id, x.ids from jsonb_to_recordset(${input}::jsonb) as x(id uuid, ids jsonb)
        ), locked as materialized (
          select id from ${smsMessages}
          where id in (select id from input) and status = 'sending'
          order by id for no key update
        ), sent as (
          update ${smsMessages} m
          set status = 'sent', accepted_parts = array(select jsonb_array_elements_text(input.ids)),
            sent_at = ${when}::timestamptz, updated_at = ${when}::timestamptz,
            claimed_until = null, error = null
          from input
          where m.id = input.id and m.status = 'sending' and m.id in (select id from locked)
        )
        insert into ${smsParts} (upstream_id, message_id, part)
        select part.upstream_id, input.id, part.n::int
        from input, jsonb_array_elements_text(input.ids) with ordinality as part(upstream_id, n)
        on conflict do nothing`);
    },

    /**
     * Extends these claims of this sender and marks them handed over, just before the
     * gateway is called; answers the ids renewed (a claim lost meanwhile is not). Without
     * the mark a claim was never sent.
     */
    async renewLeases(
      claims: readonly { id: string; attempt: number }[],
      at: Date,
      leaseMs: number,
    ): Promise<string[]> {
      if (claims.length === 0) return [];
      const live = and(
        // The same claim: a recovered and claimed again message has another count.
        or(
          ...claims.map((c) => and(eq(smsMessages.id, c.id), eq(smsMessages.attempts, c.attempt))),
        ),
        eq(smsMessages.status, 'sending'),
        gte(smsMessages.claimedUntil, at),
      );
      // Locked in id order first, as markSent and the receipts lock several messages.
      const locked = db
        .select({ id: smsMessages.id })
        .from(smsMessages)
        .where(live)
        .orderBy(smsMessages.id)
        .for('no key update');
      const renewed = await db
        .update(smsMessages)
        .set({ claimedUntil: new Date(at.getTime() + leaseMs), handedAt: at })
        .where(and(inArray(smsMessages.id, locked), live))
        .returning({ id: smsMessages.id });
      return renewed.map((r) => r.id);
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
