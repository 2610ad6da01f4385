import {
  dashboardPreferencesInputSchema,
  dashboardPreferencesResponseSchema,
} from '@parley/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/admin-guard.js';
import type { DashboardService } from './dashboard.service.js';

/** The signed-in customer's own dashboard widget settings. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  app.addHook('onRequest', requireUser);
  app.get(
    '/api/dashboard/preferences',
    { schema: { response: { 200: dashboardPreferencesResponseSchema } } },
    async (request) => dashboard.preferences(request.user?.id ?? ''),
  );
  app.put(
    '/api/dashboard/preferences',
    {
      schema: {
        body: dashboardPreferencesInputSchema,
        response: { 200: dashboardPreferencesResponseSchema },
      },
    },
    async (request) => dashboard.save(request.user?.id ?? '', request.body),
  );
};
