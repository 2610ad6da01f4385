import { and, asc, count, desc, eq } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/ledger.js';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Who changed an endpoint (the customer, or an admin) and from where, for the audit log. */
export interface Acting {
  id: string;
  ip: string | null;
}

/** What the audit log keeps of an endpoint: never its secret. */
const audited = (r: EndpointRow) => ({ url: r.url, events: r.events, enabled: r.enabled });

/** A customer's endpoints and their deliveries; every change audited in its transaction. */
export function createWebhooksRepo(db: Db) {
  const own = (userId: string, id: string) =>
    and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId));

  async function audit(tx: Tx, by: Acting, action: string, id: string, before?: EndpointRow, after?: EndpointRow) {
    await writeAudit(tx, {
      actorId: by.id,
      action,
      targetType: 'webhook_endpoint',
      targetId: id,
      before: before ? audited(before) : undefined,
      after: after ? audited(after) : undefined,
      ip: by.ip,
    });
  }

  /** Changes an endpoint of the customer's and audits it; null when it is not theirs. */
  function change(userId: string, id: string, by: Acting, action: string, set: Partial<EndpointRow>) {
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(webhookEndpoints).where(own(userId, id)).for('update');
      if (!before) return null;
      const [after] = await tx
        .update(webhookEndpoints)
        .set({ ...set, updatedAt: set.updatedAt ?? new Date() })
        .where(own(userId, id))
        .returning();
      if (after) await audit(tx, by, action, id, before, after);
      return after ?? null;
    });
  }

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
    list: (userId: string) =>
      db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.userId, userId))
        .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id)),

    async count(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.userId, userId));
      return row?.n ?? 0;
    },

    create(userId: string, input: { url: string; events: string[]; secret: string }, by: Acting) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(webhookEndpoints)
          .values({ userId, ...input })
          .returning();
        if (!row) throw new Error('webhook endpoint not written');
        await audit(tx, by, 'webhook.create', row.id, undefined, row);
        return row;
      });
    },

    /** URL or events changed, or turned on (clearing its failure marks) or off by the customer. */
    update(userId: string, id: string, patch: { url?: string; events?: string[]; enabled?: boolean }, by: Acting) {
      const set: Partial<EndpointRow> = { ...patch };
      if (patch.enabled !== undefined) Object.assign(set, { disabledReason: null, failingSince: null });
      return change(userId, id, by, 'webhook.update', set);
    },

    /** The new secret signs from now on; the old one beside it until `until`. */
    rotate(userId: string, id: string, secret: string, current: string, until: Date, by: Acting) {
      return change(userId, id, by, 'webhook.rotate_secret', {
        secret,
        previousSecret: current,
        previousUntil: until,
      });
    },

    find: (userId: string, id: string) =>
      db
        .select()
        .from(webhookEndpoints)
        .where(own(userId, id))
        .then((rows) => rows[0] ?? null),

    remove(userId: string, id: string, by: Acting) {
      return db.transaction(async (tx) => {
        const [gone] = await tx.delete(webhookEndpoints).where(own(userId, id)).returning();
        if (gone) await audit(tx, by, 'webhook.delete', id, gone);
        return gone !== undefined;
      });
    },

    /** One page of an endpoint's deliveries, newest first; null when the endpoint is not theirs. */
    async deliveries(userId: string, id: string, page: number, pageSize: number) {
      const [endpoint] = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(own(userId, id));
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
          .values({ endpointId: id, messageId, event: 'webhook.test', payload, nextAttemptAt: at, createdAt: at })
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
export type WebhooksRepo = ReturnType<typeof createWebhooksRepo>;
