import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new signing secret: `whsec_` and the base64 of 32 random bytes (Standard Webhooks). */
export function newWebhookSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64')}`;
}

/** The key bytes of a secret, with or without its `whsec_` prefix. */
function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

/** One signature: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`);
  return `v1,${mac.digest('base64')}`;
}

/**
 * The three headers of a delivery. Every secret in `secrets` signs (the current one and,
 * for a day after a rotation, the one before), space-separated as the specification
 * allows, so a receiver holding either verifies.
 */
export function webhookHeaders(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => signWebhook(s, id, timestamp, body)).join(' '),
  };
}
