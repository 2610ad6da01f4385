import { and, asc, count, eq } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/ledger.js';
import { type webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';

/** An endpoint of this customer's, by id. */
export const ownEndpoint = (userId: string, id: string) =>
  and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId));

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Who changed an endpoint (the customer, or an admin) and from where, for the audit log. */
export interface Acting {
  id: string;
  ip: string | null;
}

/** What the audit log keeps of an endpoint: never its secret. */
const audited = (r: EndpointRow) => ({ url: r.url, events: r.events, enabled: r.enabled });

/** A customer's endpoints; every change audited in its transaction. */
export function createWebhooksRepo(db: Db) {
  const own = ownEndpoint;

  async function audit(
    tx: Tx,
    by: Acting,
    action: string,
    id: string,
    before?: EndpointRow,
    after?: EndpointRow,
  ) {
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
  function change(
    userId: string,
    id: string,
    by: Acting,
    action: string,
    set: Partial<EndpointRow>,
  ) {
    return db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(webhookEndpoints)
        .where(own(userId, id))
        .for('update');
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

  return {
    list: async (userId: string): Promise<EndpointRow[]> =>
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
    update(
      userId: string,
      id: string,
      patch: { url?: string; events?: string[]; enabled?: boolean },
      by: Acting,
    ) {
      const set: Partial<EndpointRow> = { ...patch };
      if (patch.enabled !== undefined)
        Object.assign(set, { disabledReason: null, failingSince: null });
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

    find: async (userId: string, id: string): Promise<EndpointRow | null> =>
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
  };
}
export type WebhooksRepo = ReturnType<typeof createWebhooksRepo>;
