import type { FastifyBaseLogger } from 'fastify';
import type { WebhooksConfig } from '../../config/webhooks-config.js';
import type { Db } from '../../db/client.js';
import type { EventBus } from '../../lib/event-bus.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import { createSecretBox } from '../auth/secret-box.js';
import { createWebhookDeliveriesRepo } from './webhook-deliveries.repo.js';
import { postWebhook, type ResolveHost } from './webhook-post.js';
import { createWebhookSender, type WebhookSender } from './webhook-sender.js';
import { createWebhookSenderRepo } from './webhook-sender.repo.js';
import { createWebhooksRepo } from './webhooks.repo.js';
import { webhooksRoutes } from './webhooks.routes.js';
import { createWebhooksService } from './webhooks.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends due webhook deliveries (tests run it by hand). */
    webhookSender: WebhookSender;
  }
}

/** What tests change: how names resolve, the clock of back-offs, the lease. */
export interface WebhookDeps {
  resolve?: ResolveHost;
  random?: () => number;
  leaseMs?: number;
  pollMs?: number;
}

/**
 * Webhook endpoints and the sender: started with the app on every instance (each
 * delivery claimed by one), stopped on close. Secrets are sealed with a key derived
 * from the session secret, as TOTP secrets are.
 */
export function setUpWebhooks(opts: {
  db: Db;
  config: { webhooks: WebhooksConfig };
  events: EventBus;
  instanceId: string;
  log: FastifyBaseLogger;
  /** The session secret keys the secrets' seal; `webhooks` what a test brings. */
  deps: { sessionSecret: string; webhooks?: WebhookDeps };
  now?: () => Date;
}): ModuleSetup {
  const config = opts.config.webhooks;
  const testDeps = opts.deps.webhooks;
  const box = createSecretBox(opts.deps.sessionSecret, 'webhook-secrets');
  const sender = createWebhookSender({
    repo: createWebhookSenderRepo(opts.db),
    post: postWebhook,
    box,
    postOptions: { allowedHosts: config.allowedHosts, resolve: testDeps?.resolve },
    instanceId: opts.instanceId,
    pollMs: testDeps?.pollMs ?? config.pollMs,
    leaseMs: testDeps?.leaseMs,
    random: testDeps?.random,
    log: opts.log,
    now: opts.now,
    onNotice: (row) =>
      opts.events.publish({
        type: 'notification.created',
        data: { userId: row.userId, id: row.id, code: row.code },
      }),
  });
  const webhooks = createWebhooksService({
    repo: { ...createWebhooksRepo(opts.db), ...createWebhookDeliveriesRepo(opts.db) },
    box,
    allowedHosts: config.allowedHosts,
    wake: () => sender.wake(),
    now: opts.now,
  });
  return {
    routes: [routesOf(webhooksRoutes, { webhooks })],
    jobs: [{ start: () => sender.start(), stop: () => sender.stop() }],
    decorations: { webhookSender: sender },
  };
}
