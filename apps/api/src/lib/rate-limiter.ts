import { AppError } from './app-error.js';

export interface RateLimitRule {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

/**
 * Fixed-window counters in memory, one per key (an IP, an account). Each instance
 * counts on its own; behind a load balancer the limit applies per instance.
 */
export function createRateLimiter(rule: RateLimitRule, now: () => number = Date.now) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();

  function sweep(t: number): void {
    if (t - lastSweep < rule.windowMs) return;
    lastSweep = t;
    for (const [key, w] of windows) if (w.resetAt <= t) windows.delete(key);
  }

  return {
    /** Counts one attempt; throws RATE_LIMITED with Retry-After once the key is over. */
    hit(key: string): void {
      const t = now();
      sweep(t);
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + rule.windowMs };
        windows.set(key, w);
      }
      w.count++;
      if (w.count > rule.max) {
        const retryAfter = Math.max(1, Math.ceil((w.resetAt - t) / 1000));
        throw new AppError(
          'RATE_LIMITED',
          'Too many attempts. Please wait and try again.',
          undefined,
          {
            headers: { 'retry-after': String(retryAfter) },
          },
        );
      }
    },
    /** Forgets a key, e.g. an account after a successful sign-in. */
    reset(key: string): void {
      windows.delete(key);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
