import type { Config } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import type { EventBus } from '../../lib/event-bus.js';
import type { LimitStore } from '../../lib/rate-limiter.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import type { SessionCookies } from '../../plugins/session.js';
import { createAdminAccounts } from './admin-accounts.js';
import { createAuthRepo } from './auth.repo.js';
import { authRoutes } from './auth.routes.js';
import { type AuthLimits, createAuthService, scaledLimits } from './auth.service.js';
import { createSecondFactor } from './second-factor.js';
import { createSecondFactorRepo } from './second-factor.repo.js';
import { createSecretBox } from './secret-box.js';
import { createSecurityCheck } from './security-check.js';

/** Admins' second factors: TOTP secrets sealed with TOTP_ENCRYPTION_KEY or the session secret. */
function secondFactorOf(db: Db, config: Config, sessionSecret: string) {
  return createSecondFactor({
    repo: createSecondFactorRepo(db),
    box: createSecretBox(config.totpEncryptionKey ?? sessionSecret),
  });
}

/** The admin accounts main.ts makes or updates at start (ADMIN_EMAIL…). */
export function setUpAdminAccounts(opts: {
  db: Db;
  config: Config;
  sessionSecret: string;
  events: EventBus;
}) {
  return createAdminAccounts({
    repo: createAuthRepo(opts.db),
    events: opts.events,
    secondFactor: secondFactorOf(opts.db, opts.config, opts.sessionSecret),
  });
}

/**
 * Accounts and sessions: the service the session plugin resolves cookies with, the
 * security check password resets share, and (once the cookies exist) the auth routes.
 */
export function setUpAuth(opts: {
  db: Db;
  config: Config;
  /** SESSION_SECRET, or the one generated in the data folder. */
  sessionSecret: string;
  events: EventBus;
  limitStore: LimitStore;
  /** Tests shrink these to reach the limits quickly. */
  limits?: AuthLimits;
  challengeCounterRange?: [number, number];
  now?: () => Date;
}) {
  const { db, config } = opts;
  const repo = createAuthRepo(db);
  const limits = opts.limits ?? scaledLimits(config.authLimitFactor);
  const securityCheck = createSecurityCheck({
    secret: opts.sessionSecret,
    counterRange: opts.challengeCounterRange,
    useOnce: (signature, expiresAt) => repo.useChallenge(signature, expiresAt, new Date()),
  });
  const auth = createAuthService({
    repo,
    events: opts.events,
    limitStore: opts.limitStore,
    limits,
    lifetimes: config.sessions,
    now: opts.now,
    secondFactor: secondFactorOf(db, config, opts.sessionSecret),
    securityCheck,
  });
  /** The module's routes, which set and clear the cookies the session plugin reads. */
  const module = (cookies: SessionCookies): ModuleSetup => ({
    routes: [routesOf(authRoutes, { auth, cookies })],
  });
  return { auth, securityCheck, limits, module };
}
