import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/ledger.js';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { type DeliveryRow, ownEndpoint as own } from './webhooks.repo.js';

/** An endpoint's delivery log as its customer reads it, a test event and a redelivery. */
export function createWebhookDeliveriesRepo(db: Db) {
  /** A new delivery to one of the customer's endpoints; null when not theirs, 'disabled' when off. */
  function enqueue(userId: string, id: string, write: (tx: Tx) => Promise<DeliveryRow | null>) {
    return db.transaction(async (tx) => {
      const [endpoint] = await tx.select().from(webhookEndpoints).where(own(userId, id));
      if (!endpoint) return null;
      if (!endpoint.enabled) return 'disabled' as const;
      return write(tx);
    });
  }

  return {
    /** One page of an endpoint's deliveries, newest first; null when the endpoint is not theirs. */
    async deliveries(userId: string, id: string, page: number, pageSize: number) {
      const [endpoint] = await db
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(own(userId, id));
      if (!endpoint) return null;
      const mine = eq(webhookDeliveries.endpointId, id);
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(webhookDeliveries)
          .where(mine)
          .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(webhookDeliveries).where(mine),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    /** A test event, due at once. */
    enqueueTest: (userId: string, id: string, messageId: string, payload: unknown, at: Date) =>
      enqueue(userId, id, async (tx) => {
        const [row] = await tx
          .insert(webhookDeliveries)
          .values({
            endpointId: id,
            messageId,
            event: 'webhook.test',
            payload,
            nextAttemptAt: at,
            createdAt: at,
          })
          .returning();
        return row ?? null;
      }),

    /** A delivery sent again: a new row with the same webhook-id and payload, due at once. */
    redeliver: (userId: string, id: string, deliveryId: string, at: Date) =>
      enqueue(userId, id, async (tx) => {
        const [old] = await tx
          .select()
          .from(webhookDeliveries)
          .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, id)));
        if (!old) return null;
        const { messageId, event, payload } = old;
        const [row] = await tx
          .insert(webhookDeliveries)
          .values({ endpointId: id, messageId, event, payload, nextAttemptAt: at, createdAt: at })
          .returning();
        return row ?? null;
      }),
  };
}
export type WebhookDeliveriesRepo = ReturnType<typeof createWebhookDeliveriesRepo>;
