import { errorResponseSchema, healthResponseSchema } from '@parley/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthService } from './health.service.js';

export const healthRoutes: FastifyPluginAsyncZod<{ service: HealthService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/health',
    { schema: { response: { 200: healthResponseSchema, 503: errorResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.check();
    },
  );
};
