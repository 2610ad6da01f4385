import { notice } from '@parley/shared';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { insertNotification, type NotificationRow } from '../../db/notifications.js';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import type { NextStep } from './webhook-retry.js';

/** A delivery taken for sending, with what sending it needs of its endpoint. */
export interface ClaimedDelivery {
  id: string;
  messageId: string;
  payload: unknown;
  /** Tries so far, this one included. */
  attempts: number;
  endpoint: {
    id: string;
    userId: string;
    url: string;
    /** Sealed secrets: the current one, and the one before while it still signs. */
    secrets: string[];
    failingSince: Date | null;
  };
}

/** What one try came to, as the delivery log keeps it. */
export interface TryRecord {
  responseStatus: number | null;
  latencyMs: number | null;
  responseExcerpt: string | null;
  error: string | null;
}

const pending = eq(webhookDeliveries.status, 'pending');

/**
 * The sender's side of the outbox. A claim counts the try and puts `nextAttemptAt` a
 * lease ahead, so no other instance takes the delivery while this one sends it
 * (SKIP LOCKED: two instances claiming at once take different rows).
 */
export function createWebhookSenderRepo(db: Db) {
  return {
    async claim(
      limit: number,
      at: Date,
      leaseMs: number,
      instanceId: string,
    ): Promise<ClaimedDelivery[]> {
      const due = db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(
          and(
            pending,
            lte(webhookDeliveries.nextAttemptAt, at),
            eq(webhookEndpoints.enabled, true),
          ),
        )
        .orderBy(webhookDeliveries.nextAttemptAt)
        .limit(limit)
        .for('update', { of: webhookDeliveries, skipLocked: true });
      const claimed = await db
        .update(webhookDeliveries)
        .set({
          attempts: sql`${webhookDeliveries.attempts} + 1`,
          nextAttemptAt: new Date(at.getTime() + leaseMs),
          claimedBy: instanceId,
        })
        .where(
          and(
            inArray(webhookDeliveries.id, due),
            pending,
            lte(webhookDeliveries.nextAttemptAt, at),
          ),
        )
        .returning();
      if (claimed.length === 0) return [];
      const endpoints = await db
        .select()
        .from(webhookEndpoints)
        .where(inArray(webhookEndpoints.id, [...new Set(claimed.map((d) => d.endpointId))]));
      const byId = new Map(endpoints.map((e) => [e.id, e]));
      return claimed.flatMap((d) => {
        const e = byId.get(d.endpointId);
        if (!e) return [];
        const previous =
          e.previousSecret && e.previousUntil && e.previousUntil > at ? [e.previousSecret] : [];
        return [
          {
            id: d.id,
            messageId: d.messageId,
            payload: d.payload,
            attempts: d.attempts,
            endpoint: {
              id: e.id,
              userId: e.userId,
              url: e.url,
              secrets: [e.secret, ...previous],
              failingSince: e.failingSince,
            },
          },
        ];
      });
    },

    /** A claim not started (the sender is stopping): due again at once, for whoever runs next. */
    async release(id: string, at: Date): Promise<void> {
      await db
        .update(webhookDeliveries)
        .set({
          nextAttemptAt: at,
          claimedBy: null,
          attempts: sql`greatest(${webhookDeliveries.attempts} - 1, 0)`,
        })
        .where(and(eq(webhookDeliveries.id, id), pending));
    },

    /** At start: this instance's claims from before a crash are due at once. */
    async releaseOwn(instanceId: string, at: Date): Promise<number> {
      const rows = await db
        .update(webhookDeliveries)
        .set({ nextAttemptAt: at, claimedBy: null })
        .where(and(pending, eq(webhookDeliveries.claimedBy, instanceId)))
        .returning({ id: webhookDeliveries.id });
      return rows.length;
    },

    /**
     * Records a try and its next step in one transaction: the delivery's log, the
     * endpoint's failing mark, and, when it is turned off, the customer's notice (by
     * email too) and an audit row. Answers the notice, to be announced after commit.
     */
    record(
      d: ClaimedDelivery,
      result: TryRecord,
      step: NextStep,
      at: Date,
    ): Promise<NotificationRow | null> {
      return db.transaction(async (tx) => {
        await tx
          .update(webhookDeliveries)
          .set({
            ...result,
            status: step.status,
            nextAttemptAt: step.nextAttemptAt,
            claimedBy: null,
            lastAttemptAt: at,
          })
          .where(and(eq(webhookDeliveries.id, d.id), pending));
        await tx
          .update(webhookEndpoints)
          .set({ failingSince: step.failingSince })
          .where(eq(webhookEndpoints.id, d.endpoint.id));
        if (!step.disable) return null;
        const [off] = await tx
          .update(webhookEndpoints)
          .set({ enabled: false, disabledReason: step.disable, updatedAt: at })
          .where(and(eq(webhookEndpoints.id, d.endpoint.id), eq(webhookEndpoints.enabled, true)))
          .returning();
        if (!off) return null;
        await writeAudit(tx, {
          actorId: null,
          action: 'webhook.disable',
          targetType: 'webhook_endpoint',
          targetId: off.id,
          after: { url: off.url, enabled: false, reason: step.disable },
        });
        return insertNotification(tx, {
          userId: off.userId,
          ...notice('webhook.disabled', { url: off.url }),
          key: `webhook.disabled:${off.id}:${at.toISOString()}`,
          email: true,
          at,
        });
      });
    },
  };
}
export type WebhookSenderRepo = ReturnType<typeof createWebhookSenderRepo>;
