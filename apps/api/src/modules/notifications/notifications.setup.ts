import type { FastifyBaseLogger } from 'fastify';
import type { MailConfig } from '../../config/mail-config.js';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../integrations/mail/port.js';
import { createSmtpMailer } from '../../integrations/mail/smtp.js';
import type { EventBus } from '../../lib/event-bus.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import { createMailOutbox } from './mail-outbox.js';
import { createMailOutboxRepo } from './mail-outbox.repo.js';
import { createNotificationsRepo } from './notifications.repo.js';
import { notificationsRoutes } from './notifications.routes.js';
import { createNotificationsService } from './notifications.service.js';

export interface MailDeps {
  /** A mailer of the test's own; otherwise SMTP when configured. */
  mailer?: Mailer;
  pollMs?: number;
  retryDelayMs?: (attempt: number) => number;
  leaseMs?: number;
}

/**
 * The customer's notices, and the email outbox when SMTP is configured (none otherwise):
 * started with the app on every instance, woken by each new notice, stopped on close.
 */
export function setUpNotifications(opts: {
  db: Db;
  config: MailConfig;
  events: EventBus;
  now?: () => Date;
  log: FastifyBaseLogger;
  deps?: MailDeps;
}): ModuleSetup & {
  /** The mailer, when email is configured: password reset links go through it too. */
  mailer: Mailer | null;
} {
  const service = createNotificationsService({
    repo: createNotificationsRepo(opts.db),
    now: opts.now,
  });
  const mailer =
    opts.deps?.mailer ?? (opts.config.smtp ? createSmtpMailer(opts.config.smtp) : null);
  const routes = [routesOf(notificationsRoutes, { notifications: service })];
  if (!mailer) return { routes, decorations: { mailOutbox: null }, mailer: null };
  const outbox = createMailOutbox({
    repo: createMailOutboxRepo(opts.db),
    mailer,
    log: opts.log,
    link: opts.config.link,
    maxAttempts: opts.config.maxAttempts,
    maxAgeMs: opts.config.maxAgeMs,
    pollMs: opts.deps?.pollMs ?? opts.config.pollMs,
    retryDelayMs: opts.deps?.retryDelayMs,
    leaseMs: opts.deps?.leaseMs,
  });
  const off = opts.events.subscribe((event) => {
    if (event.type === 'notification.created') outbox.wake();
  });
  const job = {
    start: () => outbox.start(),
    stop: async () => {
      off();
      await outbox.stop();
      await mailer.close();
    },
  };
  return { routes, jobs: [job], decorations: { mailOutbox: outbox }, mailer };
}
