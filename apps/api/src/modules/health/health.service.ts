import type { HealthResponse } from '@parley/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { HealthRepo } from './health.repo.js';

export function createHealthService(deps: { repo: HealthRepo; log: FastifyBaseLogger }) {
  return {
    async check(): Promise<HealthResponse> {
      try {
        await deps.repo.ping();
      } catch (err) {
        deps.log.error({ err }, 'health check: database did not answer');
        throw new AppError('SERVICE_UNAVAILABLE', 'The database is not reachable.');
      }
      return { status: 'ok' };
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
