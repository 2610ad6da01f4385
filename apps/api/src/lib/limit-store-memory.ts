import type { LimitCount, LimitStore } from './rate-limiter.js';

/** Beyond this many keys expired ones are dropped, then the oldest, so memory stays bounded. */
const MAX_KEYS = 100_000;

/**
 * Counters in this process's memory: for unit tests only. A real server counts in
 * PostgreSQL or Redis so that every instance shares the counts.
 */
export function createMemoryLimitStore(now: () => number = Date.now): LimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();

  function sweep(t: number) {
    for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
    for (const k of windows.keys()) {
      if (windows.size < MAX_KEYS) break;
      windows.delete(k);
    }
  }

  return {
    async increment(key, windowMs, by = 1): Promise<LimitCount> {
      const t = now();
      let w = windows.get(key);
      if (by < 0) {
        if (w && w.resetAt > t) w.count = Math.max(0, w.count + by);
        return w && w.resetAt > t
          ? { count: w.count, ttlMs: w.resetAt - t }
          : { count: 0, ttlMs: 0 };
      }
      if (!w || w.resetAt <= t) {
        if (windows.size >= MAX_KEYS) sweep(t);
        w = { count: 0, resetAt: t + windowMs };
        windows.set(key, w);
      }
      w.count += by;
      return { count: w.count, ttlMs: w.resetAt - t };
    },
    async peek(key) {
      const t = now();
      const w = windows.get(key);
      return w && w.resetAt > t ? { count: w.count, ttlMs: w.resetAt - t } : null;
    },
    async delete(keys) {
      for (const k of keys) windows.delete(k);
    },
    async close() {
      windows.clear();
    },
  };
}
