import { createHash } from 'node:crypto';
import type { ErrorCode } from '@parley/shared';
import { AppError } from './app-error.js';

export { clientKey } from './client-key.js';

export interface RateLimitRule {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
  /**
   * Growing lockout: each time a key goes over in a fresh window it is locked for
   * windowMs, then twice that, four times… up to maxMs (strikes are forgotten after a day).
   */
  backoff?: { maxMs: number };
}

/** A counter's value after a step, and how long its window still runs. */
export interface LimitCount {
  count: number;
  ttlMs: number;
}

/**
 * Where counters live: PostgreSQL (the default, shared by every instance on one
 * database), Redis when REDIS_URL is set, or memory in unit tests.
 */
export interface LimitStore {
  /**
   * Adds `by` (default 1) to `key` in its open window (opening one of `windowMs` when
   * none is open) and returns the new count, in one atomic step: concurrent callers on
   * any instance each see a different count. A negative `by` gives back what an earlier
   * call added, and never takes a count below zero.
   */
  increment(key: string, windowMs: number, by?: number): Promise<LimitCount>;
  /** The open window's count, without adding to it; null when none is open. */
  peek(key: string): Promise<LimitCount | null>;
  delete(keys: string[]): Promise<void>;
  close(): Promise<void>;
}

const STRIKES_KEPT_MS = 24 * 3_600_000;

/** Counted keys are hashed, so the store holds no address or email in clear. */
function digest(subject: string): string {
  return createHash('sha256').update(subject).digest('base64url').slice(0, 22);
}

function refuse(
  ttlMs: number,
  code: ErrorCode = 'RATE_LIMITED',
  message = 'Too many attempts. Please wait and try again.',
): never {
  const retryAfter = Math.max(1, Math.ceil(ttlMs / 1000));
  throw new AppError(code, message, undefined, {
    headers: { 'retry-after': String(retryAfter) },
  });
}

/**
 * Fixed-window counters named `name`, one per key (an address, an account), kept in
 * `store`. Refusals are AppError RATE_LIMITED (429) with Retry-After.
 */
export function createRateLimiter(store: LimitStore, name: string, rule: RateLimitRule) {
  const keysOf = (subject: string) => {
    const base = `${name}:${digest(subject)}`;
    return { count: base, lock: `${base}:lock`, strikes: `${base}:strikes` };
  };

  async function lockedFor(keys: ReturnType<typeof keysOf>): Promise<number | null> {
    if (!rule.backoff) return null;
    return (await store.peek(keys.lock))?.ttlMs ?? null;
  }

  /** Called once per window, by the one attempt that took the count over. */
  async function strike(keys: ReturnType<typeof keysOf>, backoff: { maxMs: number }) {
    const strikes = await store.increment(keys.strikes, STRIKES_KEPT_MS);
    const lockMs = Math.min(rule.windowMs * 2 ** Math.min(strikes.count - 1, 30), backoff.maxMs);
    return (await store.increment(keys.lock, Math.max(lockMs, rule.windowMs))).ttlMs;
  }

  return {
    rule,
    /**
     * Counts one attempt, then refuses it if the key is over (or locked out). Call it
     * before doing the work being limited, so concurrent attempts cannot slip through.
     */
    async hit(subject: string): Promise<void> {
      const keys = keysOf(subject);
      const locked = await lockedFor(keys);
      if (locked !== null) refuse(locked);
      const { count, ttlMs } = await store.increment(keys.count, rule.windowMs);
      if (count <= rule.max) return;
      if (rule.backoff && count === rule.max + 1) refuse(await strike(keys, rule.backoff));
      refuse(ttlMs);
    },
    /** Refuses if the key has used up its attempts (or is locked out), without counting one. */
    async check(subject: string): Promise<void> {
      const keys = keysOf(subject);
      const locked = await lockedFor(keys);
      if (locked !== null) refuse(locked);
      const current = await store.peek(keys.count);
      if (current && current.count >= rule.max) refuse(current.ttlMs);
    },
    /** Counts an attempt without refusing it (pair with `check`). */
    async record(subject: string): Promise<void> {
      await store.increment(keysOf(subject).count, rule.windowMs);
    },
    /**
     * Takes `amount` units (messages) at once, or none: when they do not all fit in the
     * open window they are given back and the request is refused with `code`. A refused
     * request costs nothing, so a large batch cannot lock its sender out.
     */
    async take(subject: string, amount: number, code: ErrorCode, message: string): Promise<void> {
      const key = keysOf(subject).count;
      const { count, ttlMs } = await store.increment(key, rule.windowMs, amount);
      if (count <= rule.max) return;
      await store.increment(key, rule.windowMs, -amount);
      refuse(ttlMs, code, message);
    },
    /** Gives back what `take` took, when the work it was taken for did not happen. */
    async giveBack(subject: string, amount: number): Promise<void> {
      await store.increment(keysOf(subject).count, rule.windowMs, -amount);
    },
    /** Forgets a key, e.g. an account after a successful sign-in (its strikes too). */
    async reset(subject: string): Promise<void> {
      const keys = keysOf(subject);
      await store.delete([keys.count, keys.lock, keys.strikes]);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
