import { createHash } from 'node:crypto';
import { AppError } from './app-error.js';

/** JSON with object keys sorted at every level: one text for one request, however sent. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The fingerprint of a request that carries a client's idempotency key (`requestId`,
 * `orderId`): SHA-256 of the canonical JSON of its validated body without the key. The
 * body is taken after validation, so `+44 7400…` and `+447400…` are one request.
 */
export function requestFingerprint(body: Record<string, unknown>, key: string): string {
  const { [key]: _key, ...rest } = body;
  return createHash('sha256').update(canonical(rest)).digest('hex');
}

/**
 * What a repeated key answers (as the IETF Idempotency-Key draft does): the first
 * result when the request is the same, 422 IDEMPOTENCY_KEY_REUSED when it differs. A
 * record from before fingerprints were kept (null) is taken as the same request.
 */
export function checkSameRequest(stored: string | null, fingerprint: string, key: string): void {
  if (stored !== null && stored !== fingerprint) throw keyReused(key);
}

/** 422: the key is taken by a different request (or by another customer's). */
export function keyReused(key: string): AppError {
  return new AppError(
    'IDEMPOTENCY_KEY_REUSED',
    `This ${key} was already used for a different request. Use a new ${key} for a new request.`,
  );
}
