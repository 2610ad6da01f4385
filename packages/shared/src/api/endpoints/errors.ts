import { errorResponseSchema } from '../../contracts/errors.js';
import { ERROR_STATUS, type ErrorCode } from '../../domain/error-codes.js';

/**
 * The refusals an endpoint documents, by status: each status answers the error body,
 * described by the codes it can carry (`402: INSUFFICIENT_BALANCE`).
 */
export function refusals(...codes: ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes)
    byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [status, errorResponseSchema.describe(list.join(', '))]),
  ) as Record<number, typeof errorResponseSchema>;
}

/** What every admin endpoint can refuse: a visitor, a customer, a bad request. */
export const ADMIN_REFUSALS = ['UNAUTHORIZED', 'FORBIDDEN', 'VALIDATION_FAILED'] as const;
