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

/** SHA-256 of the canonical JSON of a validated request: equal for one request, however written. */
export function fingerprintOf(value: unknown): string {
  return createHash('sha256').update(canonical(value)).digest('hex');
}

/**
 * The fingerprint of a request that carries a client's idempotency key in its body
 * (`requestId`, `orderId`): its validated body without the key. The body is taken after
 * validation, so `+44 7400…` and `+447400…` are one request.
 */
export function requestFingerprint(body: Record<string, unknown>, key: string): string {
  const { [key]: _key, ...rest } = body;
  return fingerprintOf(rest);
}

/**
 * The module's own record id for a request sent with an Idempotency-Key (an SMS's
 * `requestId`, an order's `orderId`): a UUID made from the customer, the route and the
 * key, so a repeat that runs again finds the first record, and no two customers' keys
 * ever meet (decision 0064).
 */
export function keyedId(userId: string, routeName: string, key: string): string {
  const hex = createHash('sha256').update(`${userId}\n${routeName}\n${key}`).digest('hex');
  // UUID version 8 (custom), RFC 9562 variant.
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
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

/** 409: the first request with this key is still running; try again in a moment. */
export function keyInProgress(): AppError {
  return new AppError(
    'IDEMPOTENCY_KEY_IN_PROGRESS',
    'A request with this Idempotency-Key is still being processed. Try again in a moment.',
    undefined,
    { headers: { 'retry-after': '1' } },
  );
}
