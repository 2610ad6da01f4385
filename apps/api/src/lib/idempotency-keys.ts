/**
 * The Idempotency-Key mechanism's rules and the store it needs (decision 0064). The
 * store (`db/idempotency-store.ts`) keeps one row per customer and key; the plugin
 * (`plugins/idempotency.ts`) claims a row before the handler runs and records the answer
 * after it. These rules decide what a repeat gets.
 */

/** What a claim writes: whose key, which request, and for how long. */
export interface KeyClaim {
  userId: string;
  key: string;
  route: string;
  fingerprint: string;
  /** This request's own token: only the holder records or drops the row. */
  token: string;
  /** Until when a running request holds the key against repeats. */
  lockedUntil: Date;
  /** When the row and its answer are forgotten. */
  expiresAt: Date;
  now: Date;
}

/** The row a key already has. */
export interface StoredKey {
  route: string;
  fingerprint: string;
  token: string;
  /** `running` until the first answer is recorded, then `done`. */
  state: 'running' | 'done';
  lockedUntil: Date;
  answer: StoredAnswer | null;
}

/** The first answer, replayed as it was sent. */
export interface StoredAnswer {
  status: number;
  contentType: string | null;
  body: string | null;
}

export interface IdempotencyStore {
  /** Claims the key (a new or an expired row): null; else the row that holds it. */
  claim(claim: KeyClaim): Promise<StoredKey | null>;
  /** Takes a running row over from a request that died (its token): whether it did. */
  takeOver(claim: KeyClaim, fromToken: string): Promise<boolean>;
  /** Records the answer, if this request still holds the key. */
  finish(userId: string, key: string, token: string, answer: StoredAnswer): Promise<void>;
  /** Drops the claim (the request failed without an answer worth keeping). */
  release(userId: string, key: string, token: string): Promise<void>;
  /** Deletes at most `batch` rows that expired before `before`. */
  prune(before: Date, batch: number): Promise<number>;
}

export type Verdict = 'replay' | 'reused' | 'in-progress' | 'take-over';

/**
 * What a repeat of a held key gets: another route or body is a reuse (422); a recorded
 * answer is replayed; a running request holds the key until its lock lapses, and then a
 * `rerun` endpoint may run again (its module stops a second effect) while a `hold` one
 * answers 409 until the key expires.
 */
export function verdictOf(
  row: StoredKey,
  request: { route: string; fingerprint: string; mode: 'rerun' | 'hold' },
  now: Date,
): Verdict {
  if (row.route !== request.route || row.fingerprint !== request.fingerprint) return 'reused';
  if (row.state === 'done') return 'replay';
  if (row.lockedUntil > now || request.mode === 'hold') return 'in-progress';
  return 'take-over';
}

/** Answers worth keeping: not a server failure, nor a "try again later" (429). */
export const keepsAnswer = (status: number): boolean => status < 500 && status !== 429;
