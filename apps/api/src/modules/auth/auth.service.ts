import type { EventBus } from '../../lib/event-bus.js';
import { clientKey, type LimitStore } from '../../lib/rate-limiter.js';
import { createAdminSignIn } from './admin-sign-in.js';
import type { AuthRepo } from './auth.repo.js';
import { type AuthLimits, createAuthLimiters, DEFAULT_LIMITS } from './auth-limits.js';
import type { SecondFactor } from './second-factor.js';
import type { SecurityCheck } from './security-check.js';
import { createSessions, DEFAULT_LIFETIMES, type SessionLifetimes } from './sessions.js';
import { createSignIn } from './sign-in.js';

export { type AuthLimits, DEFAULT_LIMITS, scaledLimits } from './auth-limits.js';
export { type SessionUserRow, toUser } from './auth-user.js';
export { DEFAULT_LIFETIMES, type Session, type SessionLifetimes } from './sessions.js';

/**
 * Accounts and sessions: sign-up and sign-in under the limits (sign-in.ts), admins'
 * second factor (admin-sign-in.ts), sessions started, slid and ended (sessions.ts).
 */
export function createAuthService(deps: {
  repo: AuthRepo;
  events: EventBus;
  securityCheck: SecurityCheck;
  /** Admins' TOTP and recovery codes. */
  secondFactor: SecondFactor;
  /** Where the limits count (shared by every instance); see app.ts. */
  limitStore: LimitStore;
  limits?: AuthLimits;
  lifetimes?: SessionLifetimes;
  now?: () => Date;
}) {
  const { repo, events, securityCheck, secondFactor } = deps;
  const lifetimes = deps.lifetimes ?? DEFAULT_LIFETIMES;
  const now = deps.now ?? (() => new Date());
  const limit = createAuthLimiters(deps.limitStore, deps.limits ?? DEFAULT_LIMITS);
  const { startSession, ...sessions } = createSessions({ repo, lifetimes, now });
  const { passwordHolder, signedIn, ...passwords } = createSignIn({
    repo,
    events,
    securityCheck,
    limit,
    startSession,
    now,
  });
  const admins = createAdminSignIn({
    secondFactor,
    limit,
    passwordHolder,
    signedIn,
    startSession,
  });

  return {
    async issueChallenge(ip: string) {
      await limit.challengePerIp.hit(clientKey(ip));
      return securityCheck.issue();
    },
    ...passwords,
    ...admins,
    ...sessions,
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
