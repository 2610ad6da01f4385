import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/endpoints.js';
import type { HealthService } from './health.service.js';

export const healthRoutes: FastifyPluginAsync<{ service: HealthService }> = async (
  app,
  { service },
) => {
  route(app, 'health.check', (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return service.check();
  });
};
