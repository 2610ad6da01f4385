import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../integrations/mail/port.js';
import type { LimitStore } from '../../lib/rate-limiter.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import type { AuthLimits } from './auth.service.js';
import { createPasswordReset } from './password-reset.js';
import { createPasswordResetRepo } from './password-reset.repo.js';
import { passwordResetRoutes } from './password-reset.routes.js';
import type { SecurityCheck } from './security-check.js';

/**
 * Password resets: links by email when a mailer and PUBLIC_URL are both set (the link
 * must point at Parley's public address, never at a Host header a request chose), and
 * the admin's one-time links always. Emails under way finish before the app closes.
 */
export function setUpPasswordReset(opts: {
  db: Db;
  mailer: Mailer | null;
  publicUrl: string | undefined;
  securityCheck: SecurityCheck;
  limitStore: LimitStore;
  limits: AuthLimits;
  now?: () => Date;
  log: FastifyBaseLogger;
}) {
  const resets = createPasswordReset({
    repo: createPasswordResetRepo(opts.db),
    securityCheck: opts.securityCheck,
    limitStore: opts.limitStore,
    limits: opts.limits,
    mail: opts.mailer && opts.publicUrl ? { mailer: opts.mailer, publicUrl: opts.publicUrl } : null,
    log: opts.log,
    now: opts.now,
  });
  if (opts.mailer && !opts.publicUrl)
    opts.log.warn('Password reset: SMTP is set but PUBLIC_URL is not, so no reset email is sent');
  const module: ModuleSetup = {
    routes: [routesOf(passwordResetRoutes, { resets })],
    jobs: [{ preClose: () => resets.settled() }],
  };
  return { ...module, resets };
}
