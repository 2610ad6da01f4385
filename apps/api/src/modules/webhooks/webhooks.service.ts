import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_SECRET_OVERLAP_MS,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveries,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookWithSecret,
} from '@parley/shared';
import { AppError } from '../../lib/app-error.js';
import type { SecretBox } from '../auth/secret-box.js';
import { urlProblem } from './webhook-address.js';
import type { WebhookDeliveriesRepo } from './webhook-deliveries.repo.js';
import { newWebhookSecret } from './webhook-signing.js';
import type { Acting, DeliveryRow, EndpointRow, WebhooksRepo } from './webhooks.repo.js';

export const toEndpoint = (r: EndpointRow): WebhookEndpoint => ({
  id: r.id,
  url: r.url,
  events: r.events,
  enabled: r.enabled,
  disabledReason: (r.disabledReason as WebhookEndpoint['disabledReason']) ?? null,
  failingSince: r.failingSince?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

export const toDelivery = (r: DeliveryRow): WebhookDelivery => ({
  id: r.id,
  messageId: r.messageId,
  event: r.event,
  status: r.status as WebhookDelivery['status'],
  attempts: r.attempts,
  responseStatus: r.responseStatus,
  latencyMs: r.latencyMs,
  responseExcerpt: r.responseExcerpt,
  error: r.error,
  // While a try is under way its lease is no "next try" the customer should read.
  nextAttemptAt: r.status === 'pending' ? (r.nextAttemptAt?.toISOString() ?? null) : null,
  createdAt: r.createdAt.toISOString(),
  lastAttemptAt: r.lastAttemptAt?.toISOString() ?? null,
});

const notFound = () => new AppError('NOT_FOUND', 'No such webhook endpoint.');
const disabled = () =>
  new AppError('WEBHOOK_ENDPOINT_DISABLED', 'The endpoint is turned off: turn it on first.');

type Repo = Pick<
  WebhooksRepo,
  'list' | 'count' | 'create' | 'update' | 'rotate' | 'find' | 'remove'
> &
  Pick<WebhookDeliveriesRepo, 'deliveries' | 'enqueueTest' | 'redeliver'>;

/**
 * A customer's webhook endpoints: URLs the operator allows, at most WEBHOOK_ENDPOINTS_MAX,
 * secrets sealed at rest and shown once, a rotation that keeps the old secret signing
 * for a day, a test event and redeliveries (the sender is woken for them).
 */
export function createWebhooksService(deps: {
  repo: Repo;
  box: Pick<SecretBox, 'seal' | 'open'>;
  allowedHosts: readonly string[];
  /** A delivery was written here: send it now rather than at the next poll. */
  wake?: () => void;
  now?: () => Date;
}) {
  const { repo, box } = deps;
  const now = deps.now ?? (() => new Date());

  function checkUrl(url: string) {
    const problem = urlProblem(url, deps.allowedHosts);
    if (problem)
      throw new AppError('WEBHOOK_URL_NOT_ALLOWED', `This URL is not accepted: ${problem}.`, [
        { path: 'body.url', code: 'INVALID', message: problem },
      ]);
  }

  function queued(row: DeliveryRow | 'disabled' | null): WebhookDelivery {
    if (row === null) throw notFound();
    if (row === 'disabled') throw disabled();
    deps.wake?.();
    return toDelivery(row);
  }

  return {
    async list(userId: string): Promise<{ items: WebhookEndpoint[] }> {
      return { items: (await repo.list(userId)).map(toEndpoint) };
    },

    async create(
      userId: string,
      input: { url: string; events: string[] },
      by: Acting,
    ): Promise<WebhookWithSecret> {
      checkUrl(input.url);
      if ((await repo.count(userId)) >= WEBHOOK_ENDPOINTS_MAX)
        throw new AppError(
          'WEBHOOK_ENDPOINT_LIMIT',
          `At most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints.`,
        );
      const secret = newWebhookSecret();
      const events = [...new Set(input.events)];
      const row = await repo.create(
        userId,
        { url: input.url, events, secret: box.seal(secret) },
        by,
      );
      return { ...toEndpoint(row), secret };
    },

    async update(
      userId: string,
      id: string,
      patch: { url?: string; events?: string[]; enabled?: boolean },
      by: Acting,
    ): Promise<WebhookEndpoint> {
      if (patch.url !== undefined) checkUrl(patch.url);
      const events = patch.events && [...new Set(patch.events)];
      const row = await repo.update(userId, id, { ...patch, events }, by);
      if (!row) throw notFound();
      return toEndpoint(row);
    },

    async remove(userId: string, id: string, by: Acting): Promise<void> {
      if (!(await repo.remove(userId, id, by))) throw notFound();
    },

    async rotateSecret(userId: string, id: string, by: Acting): Promise<WebhookWithSecret> {
      const current = await repo.find(userId, id);
      if (!current) throw notFound();
      const secret = newWebhookSecret();
      const until = new Date(now().getTime() + WEBHOOK_SECRET_OVERLAP_MS);
      const row = await repo.rotate(userId, id, box.seal(secret), current.secret, until, by);
      if (!row) throw notFound();
      return { ...toEndpoint(row), secret };
    },

    async test(userId: string, id: string): Promise<WebhookDelivery> {
      const at = now();
      const messageId = `msg_${randomUUID().replaceAll('-', '')}`;
      const payload = {
        type: WEBHOOK_TEST_EVENT,
        timestamp: at.toISOString(),
        data: { endpointId: id },
      };
      return queued(await repo.enqueueTest(userId, id, messageId, payload, at));
    },

    async deliveries(
      userId: string,
      id: string,
      page: number,
      pageSize: number,
    ): Promise<WebhookDeliveries> {
      const found = await repo.deliveries(userId, id, page, pageSize);
      if (!found) throw notFound();
      return { items: found.items.map(toDelivery), total: found.total, page, pageSize };
    },

    async redeliver(userId: string, id: string, deliveryId: string): Promise<WebhookDelivery> {
      return queued(await repo.redeliver(userId, id, deliveryId, now()));
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
