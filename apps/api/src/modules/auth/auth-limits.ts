import {
  createRateLimiter,
  type LimitStore,
  type RateLimiter,
  type RateLimitRule,
} from '../../lib/rate-limiter.js';

export const MINUTE = 60_000;
export const DEFAULT_LIMITS = {
  signInPerIp: { max: 20, windowMs: 10 * MINUTE },
  signInPerAccount: { max: 10, windowMs: 15 * MINUTE },
  signUpPerIp: { max: 10, windowMs: 60 * MINUTE },
  adminPerIp: { max: 10, windowMs: 15 * MINUTE },
  /** Per account across every address, locked out longer after each window it goes over. */
  adminPerAccount: { max: 5, windowMs: 15 * MINUTE, backoff: { maxMs: 240 * MINUTE } },
  challengePerIp: { max: 60, windowMs: 10 * MINUTE },
  /** "Forgot password?" and reset links used, per client address. */
  resetPerIp: { max: 10, windowMs: 60 * MINUTE },
  /** Reset emails asked for one address, whoever asks. */
  resetPerAddress: { max: 3, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimitRule>;
export type AuthLimits = Record<keyof typeof DEFAULT_LIMITS, RateLimitRule>;

/** The default limits with every allowance multiplied by `factor`. */
export function scaledLimits(factor: number): AuthLimits {
  return Object.fromEntries(
    Object.entries(DEFAULT_LIMITS).map(([name, rule]) => [
      name,
      { ...rule, max: rule.max * factor },
    ]),
  ) as AuthLimits;
}

/** One limiter per rule, counted in the shared store under `auth.<name>`. */
export function createAuthLimiters(store: LimitStore, rules: AuthLimits) {
  return Object.fromEntries(
    Object.entries(rules).map(([name, rule]) => [
      name,
      createRateLimiter(store, `auth.${name}`, rule),
    ]),
  ) as Record<keyof AuthLimits, RateLimiter>;
}
export type AuthLimiters = ReturnType<typeof createAuthLimiters>;
