import type { HealthResponse } from '@parley/shared';
import { AppError } from '../../lib/app-error.js';
import { shortCache } from '../../lib/short-cache.js';
import type { HealthRepo } from './health.repo.js';

/** A database answer this recent stands for the next checks. */
export const PING_REUSE_MS = 1000;

export function createHealthService(deps: { repo: HealthRepo; now?: () => number }) {
  // Probes check often and many at once: they share one ping a second rather than each
  // taking a database connection. A failed ping is never reused.
  const ping = shortCache(PING_REUSE_MS, () => deps.repo.ping(), deps.now);
  return {
    async check(): Promise<HealthResponse> {
      try {
        await ping.get();
      } catch (err) {
        // The error handler logs the cause with the request id.
        throw new AppError('SERVICE_UNAVAILABLE', 'The database is not reachable.', undefined, {
          cause: err,
        });
      }
      return { status: 'ok' };
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
