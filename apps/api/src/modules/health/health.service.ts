import type { HealthResponse } from '@parley/shared';
import { AppError } from '../../lib/app-error.js';
import type { HealthRepo } from './health.repo.js';

export function createHealthService(deps: { repo: HealthRepo }) {
  return {
    async check(): Promise<HealthResponse> {
      try {
        await deps.repo.ping();
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
