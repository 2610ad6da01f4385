import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/endpoints.js';
import { userId } from '../../plugins/guards.js';
import type { DashboardService } from './dashboard.service.js';

/** The signed-in customer's own dashboard widget settings. */
export const dashboardRoutes: FastifyPluginAsync<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  route(app, 'dashboard.preferences', (request) => dashboard.preferences(userId(request)));
  route(app, 'dashboard.spending', (request) => dashboard.spending(userId(request), request.query));
  route(app, 'dashboard.savePreferences', (request) =>
    dashboard.save(userId(request), request.body),
  );
};
