const S = 1000;
const M = 60 * S;
const H = 60 * M;

/**
 * The wait after each failed try: exponential from 5 s, then 12 h apart, about three
 * days in all (3 d 3 h 48 m before jitter); the last failure gives the delivery up.
 */
export const RETRY_DELAYS_MS = [
  5 * S,
  30 * S,
  2 * M,
  10 * M,
  30 * M,
  H,
  2 * H,
  4 * H,
  8 * H,
  12 * H,
  12 * H,
  12 * H,
  12 * H,
  12 * H,
] as const;
/** Tries of one delivery: the first and one after each wait. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** An endpoint failing without a success for this long is turned off, and its customer told. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * H;
/** The longest Retry-After honoured: beyond it the receiver waits for the next try. */
const RETRY_AFTER_MAX_MS = 24 * H;

export interface TryFacts {
  /** A 2xx came back. */
  ok: boolean;
  /** The HTTP status, or null when no answer came. */
  status: number | null;
  retryAfterMs: number | null;
  /** Tries so far, this one included. */
  attempts: number;
  /** The endpoint's first failure since its last success, before this try. */
  failingSince: Date | null;
  now: Date;
  random?: () => number;
}

export interface NextStep {
  status: 'delivered' | 'pending' | 'failed';
  nextAttemptAt: Date | null;
  /** The endpoint's failing mark after this try. */
  failingSince: Date | null;
  /** Turn the endpoint off: it answered 410 Gone, or it has failed for days. */
  disable: 'gone' | 'failing' | null;
}

/**
 * What follows a try: only a 2xx delivers; 410 gives up and turns the endpoint off;
 * otherwise another try after the next wait, with ±20 % jitter, never sooner than the
 * receiver's Retry-After (up to a day), until the tries run out.
 */
export function nextStep(f: TryFacts): NextStep {
  if (f.ok) return { status: 'delivered', nextAttemptAt: null, failingSince: null, disable: null };
  const failingSince = f.failingSince ?? f.now;
  if (f.status === 410)
    return { status: 'failed', nextAttemptAt: null, failingSince, disable: 'gone' };
  const failedTooLong = f.now.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS;
  const disable = failedTooLong ? ('failing' as const) : null;
  if (f.attempts >= MAX_ATTEMPTS)
    return { status: 'failed', nextAttemptAt: null, failingSince, disable };
  const base = RETRY_DELAYS_MS[Math.max(0, f.attempts - 1)] ?? RETRY_DELAYS_MS[0];
  const jittered = base * (0.8 + (f.random ?? Math.random)() * 0.4);
  const wait = Math.max(jittered, Math.min(f.retryAfterMs ?? 0, RETRY_AFTER_MAX_MS));
  return {
    status: 'pending',
    nextAttemptAt: new Date(f.now.getTime() + Math.round(wait)),
    failingSince,
    disable,
  };
}
