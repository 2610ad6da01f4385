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
export function enqueueWebhook(
  tx: Pick<Db, 'execute'>,
  userId: string,
  event: WebhookEvent,
  data: WebhookData,
  at: Date = new Date(),
): Promise<number> {
  return enqueueWebhooks(tx, event, [{ userId, data }], at);
}

/** `enqueueWebhook` for several changes of one kind, in one statement. */
export async function enqueueWebhooks(
  tx: Pick<Db, 'execute'>,
  event: WebhookEvent,
  changes: readonly { userId: string; data: WebhookData }[],
  at: Date = new Date(),
): Promise<number> {
  if (changes.length === 0) return 0;
  const timestamp = at.toISOString();
  const items = changes.map(({ userId, data }) => ({
    user_id: userId,
    payload: { type: event, timestamp, data },
  }));
  const result = await tx.execute(sql`
    insert into webhook_deliveries (endpoint_id, message_id, event, payload, next_attempt_at, created_at)
    select e.id, 'msg_' || replace(gen_random_uuid()::text, '-', ''), ${event}, c.payload,
      ${timestamptz(at)}, ${timestamptz(at)}
    from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as c(user_id uuid, payload jsonb)
    join webhook_endpoints e on e.user_id = c.user_id and e.enabled and ${event} = any(e.events)
    returning id`);
  return rowsOf(result).length;
}
