import type { WebhookEvent } from '@parley/shared';
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { rowsOf, timestamptz } from './raw.js';

/** What a webhook says: the event's own facts (ids, statuses, amounts as decimal strings). */
export type WebhookData = Record<string, string | number | boolean | null>;

/**
 * Writes a delivery of `event` for each of the customer's enabled endpoints that asked
 * for it, inside the caller's transaction: the webhook exists exactly when the change
 * it tells of does (the outbox; the sender job sends it after commit). One statement;
 * answers how many deliveries were written (none when no endpoint wants it).
 */
export async function enqueueWebhook(
  tx: Pick<Db, 'execute'>,
  userId: string,
  event: WebhookEvent,
  data: WebhookData,
  at: Date = new Date(),
): Promise<number> {
  const payload = JSON.stringify({ type: event, timestamp: at.toISOString(), data });
  const result = await tx.execute(sql`
    insert into webhook_deliveries (endpoint_id, message_id, event, payload, next_attempt_at, created_at)
    select id, 'msg_' || replace(gen_random_uuid()::text, '-', ''), ${event}, ${payload}::jsonb,
      ${timestamptz(at)}, ${timestamptz(at)}
    from webhook_endpoints
    where user_id = ${userId} and enabled and ${event} = any(events)
    returning id`);
  return rowsOf(result).length;
}
