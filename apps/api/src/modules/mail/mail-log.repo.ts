import type { MailState } from '@parley/shared';
import { and, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containing, rowsOf, timestamptz } from '../../db/raw.js';
import { mailMessages, mailRecipients, mailSuppressions } from '../../db/schema/index.js';
import { enqueueWebhook } from '../../db/webhooks.js';

/**
 * The states each outcome may move a recipient from. A bounce is believed after
 * "delivered" (a DSN comes later, and through a smarthost "delivered" only means the
 * relay took it) and after "expired"; a delivery after "expired" (a report that came
 * late). Nothing moves a bounced recipient, and a deferral only an open one.
 */
const MOVES_FROM: Record<'delivered' | 'deferred' | 'bounced', MailState[]> = {
  delivered: ['queued', 'deferred', 'expired'],
  deferred: ['queued', 'deferred'],
  bounced: ['queued', 'deferred', 'delivered', 'expired'],
};

export interface MailEvent {
  messageId: string;
  recipient: string | null;
  kind: 'queued' | 'delivered' | 'deferred' | 'bounced' | 'complained';
  reason: string | null;
  at: Date;
}

/** The delivery log: messages with their recipients, outcomes, expiry and pruning. */
export function createMailLogRepo(db: Db) {
  return {
    async messages(
      userId: string,
      filter: { q?: string; state?: MailState },
      page: number,
      pageSize: number,
    ) {
      const like = filter.q ? containing(filter.q) : null;
      const recipientMatch = (extra: ReturnType<typeof sql>) =>
        sql`exists (select 1 from ${mailRecipients} r where r.message_id = ${mailMessages.id} and ${extra})`;
      const where = and(
        eq(mailMessages.userId, userId),
        like
          ? or(
              ilike(mailMessages.fromAddress, like),
              ilike(mailMessages.subject, like),
              recipientMatch(sql`r.address ilike ${like}`),
            )
          : undefined,
        filter.state ? recipientMatch(sql`r.state = ${filter.state}`) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(mailMessages)
          .where(where)
          .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(mailMessages).where(where),
      ]);
      const recipients = rows.length
        ? await db
            .select()
            .from(mailRecipients)
            .where(
              inArray(
                mailRecipients.messageId,
                rows.map((r) => r.id),
              ),
            )
        : [];
      return { rows, recipients, total: total?.n ?? 0 };
    },

    /**
     * Applies one outcome exactly once (MOVES_FROM: a report repeated, or one a later
     * state outranks, changes nothing). `queued` marks the message held by the edge's
     * queue. A bounce or a complaint suppresses the address; delivered, deferred and
     * bounced are told to the customer's webhooks in the same transaction. Answers false
     * when nothing changed.
     */
    async applyEvent(event: MailEvent): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [message] = await tx
          .select({ userId: mailMessages.userId })
          .from(mailMessages)
          .where(eq(mailMessages.id, event.messageId));
        if (!message) return false;
        if (event.kind === 'queued') {
          const marked = await tx
            .update(mailMessages)
            .set({ queuedAt: event.at })
            .where(and(eq(mailMessages.id, event.messageId), isNull(mailMessages.queuedAt)))
            .returning({ id: mailMessages.id });
          return marked.length > 0;
        }
        if (!event.recipient) return false;
        const address = event.recipient.toLowerCase();
        const recipient = tx
          .select({ address: mailRecipients.address })
          .from(mailRecipients)
          .where(
            and(
              eq(mailRecipients.messageId, event.messageId),
              eq(sql`lower(${mailRecipients.address})`, address),
            ),
          );
        if (event.kind === 'complained') {
          // Only a recipient of that message can complain of it: a forged report naming
          // anyone else suppresses nothing.
          if ((await recipient).length === 0) return false;
          const added = await tx
            .insert(mailSuppressions)
            .values({ userId: message.userId, address, reason: 'complaint', detail: event.reason })
            .onConflictDoNothing()
            .returning({ id: mailSuppressions.id });
          return added.length > 0;
        }
        const moved = await tx
          .update(mailRecipients)
          .set({ state: event.kind, reason: event.reason, updatedAt: event.at })
          .where(
            and(
              eq(mailRecipients.messageId, event.messageId),
              eq(sql`lower(${mailRecipients.address})`, address),
              inArray(mailRecipients.state, MOVES_FROM[event.kind]),
            ),
          )
          .returning({ address: mailRecipients.address });
        if (moved.length === 0) return false;
        // An outcome proves the queue held it, should its `queued` report have been lost.
        await tx
          .update(mailMessages)
          .set({ queuedAt: event.at })
          .where(and(eq(mailMessages.id, event.messageId), isNull(mailMessages.queuedAt)));
        if (event.kind === 'bounced')
          await tx
            .insert(mailSuppressions)
            .values({ userId: message.userId, address, reason: 'bounce', detail: event.reason })
            .onConflictDoNothing();
        await enqueueWebhook(
          tx,
          message.userId,
          `mail.${event.kind}`,
          { messageId: event.messageId, recipient: address, reason: event.reason },
          event.at,
        );
        return true;
      });
    },

    /**
     * Recipients of messages accepted before `before` still queued or deferred: settled
     * as expired (the edge gave up or lost them), at most `batch` at a time.
     */
    async expireBefore(before: Date, batch: number, at: Date): Promise<number> {
      const result = await db.execute(sql`
        update ${mailRecipients} r set state = 'expired', updated_at = ${timestamptz(at)},
          reason = coalesce(r.reason, 'No delivery report before the deadline')
        where (r.message_id, r.address) in (
          select r2.message_id, r2.address from ${mailRecipients} r2
          join ${mailMessages} m on m.id = r2.message_id
          where r2.state in ('queued', 'deferred') and m.created_at < ${timestamptz(before)}
          limit ${batch})
        returning r.message_id`);
      return rowsOf(result).length;
    },

    /** Messages past their log's keeping time, at most `batch`. */
    async pruneBefore(before: Date, batch: number): Promise<number> {
      const result = await db.execute(sql`
        delete from ${mailMessages} where id in (
          select id from ${mailMessages} where keep_until < ${timestamptz(before)} limit ${batch})
        returning id`);
      return rowsOf(result).length;
    },
  };
}
export type MailLogRepo = ReturnType<typeof createMailLogRepo>;
