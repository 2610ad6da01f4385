import { isIPv6 } from 'node:net';
import { AppError } from './app-error.js';

export interface RateLimitRule {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

/** Beyond this many keys the oldest are dropped, so a flood of addresses cannot exhaust memory. */
const MAX_KEYS = 100_000;

/** IPv6 clients usually own a whole /64, so they are counted as one. */
export function clientKey(ip: string): string {
  if (!isIPv6(ip) || ip.startsWith('::ffff:')) return ip;
  const [head = ''] = ip.split('::');
  const groups = head.split(':').filter(Boolean);
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/**
 * Fixed-window counters in memory, one per key (an IP, an account). Each instance
 * counts on its own; behind a load balancer the limit applies per instance.
 */
export function createRateLimiter(rule: RateLimitRule, now: () => number = Date.now) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();

  function current(key: string, t: number) {
    if (t - lastSweep >= rule.windowMs || windows.size > MAX_KEYS) {
      lastSweep = t;
      for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
      for (const k of windows.keys()) {
        if (windows.size <= MAX_KEYS) break;
        windows.delete(k);
      }
    }
    let w = windows.get(key);
    if (!w || w.resetAt <= t) {
      w = { count: 0, resetAt: t + rule.windowMs };
      windows.set(key, w);
    }
    return w;
  }

  function refuse(resetAt: number, t: number): never {
    const retryAfter = Math.max(1, Math.ceil((resetAt - t) / 1000));
    throw new AppError('RATE_LIMITED', 'Too many attempts. Please wait and try again.', undefined, {
      headers: { 'retry-after': String(retryAfter) },
    });
  }

  return {
    /** Counts one attempt; throws RATE_LIMITED with Retry-After once the key is over. */
    hit(key: string): void {
      const t = now();
      const w = current(key, t);
      w.count++;
      if (w.count > rule.max) refuse(w.resetAt, t);
    },
    /** Throws RATE_LIMITED if the key has used up its attempts, without counting one. */
    check(key: string): void {
      const t = now();
      const w = windows.get(key);
      if (w && w.resetAt > t && w.count >= rule.max) refuse(w.resetAt, t);
    },
    /** Counts a failure without refusing this attempt (see `check`). */
    record(key: string): void {
      current(key, now()).count++;
    },
    /** Forgets a key, e.g. an account after a successful sign-in. */
    reset(key: string): void {
      windows.delete(key);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
