import type { FastifyInstance } from 'fastify';
import type { MailConfig } from '../../config/mail-config.js';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../integrations/mail/port.js';
import { createSmtpMailer } from '../../integrations/mail/smtp.js';
import type { EventBus } from '../../lib/event-bus.js';
import { createMailOutbox, type MailOutbox } from './mail-outbox.js';
import { createMailOutboxRepo } from './mail-outbox.repo.js';
import { createNotificationsRepo } from './notifications.repo.js';
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
export function setUpNotifications(
  app: FastifyInstance,
  opts: { db: Db; config: MailConfig; events: EventBus; now?: () => Date; deps?: MailDeps },
): {
  service: ReturnType<typeof createNotificationsService>;
  outbox: MailOutbox | null;
  /** The mailer, when email is configured: password reset links go through it too. */
  mailer: Mailer | null;
} {
  const service = createNotificationsService({
    repo: createNotificationsRepo(opts.db),
    now: opts.now,
  });
  const mailer =
    opts.deps?.mailer ?? (opts.config.smtp ? createSmtpMailer(opts.config.smtp) : null);
  if (!mailer) return { service, outbox: null, mailer: null };
  const outbox = createMailOutbox({
    repo: createMailOutboxRepo(opts.db),
    mailer,
    log: app.log,
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
  app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', async () => {
    off();
    await outbox.stop();
    await mailer.close();
  });
  return { service, outbox, mailer };
}
