import { AppError } from '../../lib/app-error.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';

/**
 * Counts `n` messages against the customer's minute, before anything is charged: all
 * of them or none (a refused request costs nothing). Returns how to give them back.
 * Without a limiter (SMS_PER_MINUTE unset in tests) nothing is counted.
 */
export function createSmsQuota(limit: RateLimiter | undefined) {
  return async function takeQuota(userId: string, n: number) {
    if (!limit) return async () => {};
    const max = limit.rule.max;
    if (n > max)
      throw new AppError(
        'SMS_BATCH_OVER_RATE_LIMIT',
        `At most ${max} messages can be sent a minute: split the list into smaller batches.`,
      );
    await limit.take(
      userId,
      n,
      'SMS_RATE_LIMITED',
      `Too many messages: at most ${max} a minute. Please wait and try again.`,
    );
    return () => limit.giveBack(userId, n);
  };
}
export type TakeQuota = ReturnType<typeof createSmsQuota>;
