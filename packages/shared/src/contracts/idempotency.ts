import { z } from 'zod';

/** The request header that makes a write safe to retry (decision 0064). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Set on an answer replayed from an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** How long a key's first answer is kept and replayed. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/** 1 to 255 printable ASCII characters (a UUID is the usual choice). */
export const idempotencyKeySchema = z
  .string()
  .min(1, 'Idempotency-Key is empty')
  .max(255, 'Idempotency-Key is longer than 255 characters')
  .regex(/^[\x20-\x7e]+$/, 'Idempotency-Key must be printable ASCII')
  .describe(
    `A key of your own (1–255 printable ASCII characters, a UUID for instance): a repeat ` +
      `with the same key and body answers the first answer again (header ` +
      `Idempotent-Replayed: true) for ${IDEMPOTENCY_KEY_TTL_HOURS} hours; the same key ` +
      'with another body answers 422 IDEMPOTENCY_KEY_REUSED; a repeat while the first ' +
      'is still running answers 409 IDEMPOTENCY_KEY_IN_PROGRESS.',
  );

/** The headers an idempotent endpoint reads; every other header passes through. */
export const idempotencyHeadersSchema = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional(),
});
