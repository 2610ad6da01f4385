import { z } from 'zod';
import { pageOf, pageQuery } from './page.js';

/** What a customer's endpoint can be told of; a delivery carries one of these as `type`. */
export const WEBHOOK_EVENTS = [
  'sms.delivered',
  'sms.failed',
  'sms.expired',
  'sms.received',
  'call.ringing',
  'call.answered',
  'call.ended',
  'payment.credited',
  'balance.low',
  'subscription.renewed',
  'subscription.suspended',
  'mail.delivered',
  'mail.deferred',
  'mail.bounced',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The event a test delivery carries: never one a customer subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Endpoints one customer may register. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
/** How long a rotated-out secret keeps signing beside the new one. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 3_600_000;

const urlSchema = z
  .url({ protocol: /^https?$/, error: 'Must be an http(s) URL' })
  .max(2000, 'At most 2000 characters')
  .refine(
    (v) => !/^https?:\/\/[^/?#]*@/i.test(v),
    'A URL with a user name or password is not accepted',
  )
  .refine((v) => !v.includes('#'), 'A URL with a #fragment is not accepted');

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, { error: 'Unknown event' }))
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_EVENTS.length, 'Each event once');

export const webhookCreateInputSchema = z.object({ url: urlSchema, events: eventsSchema });
export type WebhookCreateInput = z.input<typeof webhookCreateInputSchema>;

export const webhookUpdateInputSchema = z
  .object({
    url: urlSchema.optional(),
    events: eventsSchema.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((v) => v.url !== undefined || v.events !== undefined || v.enabled !== undefined, {
    message: 'Send url, events or enabled',
    path: ['url'],
  });
export type WebhookUpdateInput = z.input<typeof webhookUpdateInputSchema>;

/**
 * An endpoint as its customer sees it (never its secret, which is shown once). `failingSince`:
 * deliveries have failed since then; `disabledReason`: why Parley stopped sending
 * (`gone`: it answered 410; `failing`: days of failures), null when the customer did.
 */
export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  disabledReason: z.enum(['gone', 'failing']).nullable(),
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ items: z.array(webhookEndpointSchema) });

/** A new endpoint, or a rotated secret: the only answer that carries the secret. */
export const webhookWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookParamsSchema = z.object({ id: z.uuid('Invalid endpoint') });
export const webhookDeliveryParamsSchema = z.object({
  id: z.uuid('Invalid endpoint'),
  deliveryId: z.uuid('Invalid delivery'),
});

export const webhookDeliveriesQuerySchema = z.object(pageQuery(20, 100));
export type WebhookDeliveriesQuery = z.input<typeof webhookDeliveriesQuerySchema>;

/**
 * One delivery in an endpoint's log: `pending` (tried again at `nextAttemptAt`),
 * `delivered` (a 2xx came back) or `failed` (given up). The last try's HTTP status,
 * time taken and the first 1 KB of its answer, or the error that stopped it.
 */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  messageId: z.string(),
  event: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesSchema = pageOf(webhookDeliverySchema);
export type WebhookDeliveries = z.infer<typeof webhookDeliveriesSchema>;
