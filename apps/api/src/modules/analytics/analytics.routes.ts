import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/endpoints.js';
import type { AnalyticsService } from './analytics.service.js';

/** The admin overview's totals. */
export const analyticsRoutes: FastifyPluginAsync<{ analytics: AnalyticsService }> = async (
  app,
  { analytics },
) => {
  route(app, 'analytics.admin.get', (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return analytics.summary();
  });
  route(app, 'analytics.admin.recount', (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return analytics.recount();
  });
};
