import { IN_SERVICE } from '@parley/shared';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { didNumbers, orders, smsInbound } from '../../db/schema/index.js';
import { enqueueWebhook } from '../../db/webhooks.js';

export type NewInbound = typeof smsInbound.$inferInsert;

/** deliver_sm that were not receipts of ours: kept, and listed for admins. */
export function createSmsInboundRepo(db: Db) {
  return {
    /**
     * Keeps one; a message to a number a customer holds (active or in grace) also writes
     * their sms.received webhook, in the same transaction.
     */
    async storeInbound(row: NewInbound) {
      await db.transaction(async (tx) => {
        const [stored] = await tx.insert(smsInbound).values(row).returning();
        if (stored?.kind !== 'message') return;
        const to = `+${stored.destination.replace(/^\+/, '')}`;
        const [holder] = await tx
          .select({ userId: orders.userId })
          .from(orders)
          .innerJoin(didNumbers, eq(didNumbers.id, orders.itemId))
          .where(
            and(
              eq(orders.itemKind, 'number'),
              inArray(orders.status, IN_SERVICE),
              eq(didNumbers.number, to),
            ),
          )
          .limit(1);
        if (!holder) return;
        const data = {
          id: stored.id,
          from: stored.source,
          to,
          message: stored.message,
          receivedAt: stored.receivedAt.toISOString(),
        };
        await enqueueWebhook(tx, holder.userId, 'sms.received', data, stored.receivedAt);
      });
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
  };
}
export type SmsInboundRepo = ReturnType<typeof createSmsInboundRepo>;
