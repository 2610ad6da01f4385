import { analyticsSchema } from '@parley/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AnalyticsService } from './analytics.service.js';

/** GET /api/admin/analytics; registered under the admin guard with the /api/admin prefix. */
export const analyticsAdminRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService }> = async (
  app,
  { analytics },
) => {
  app.get(
    '/analytics',
    { schema: { response: { 200: analyticsSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return analytics.summary();
    },
  );
};
