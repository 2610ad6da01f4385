import type { Db } from '../../db/client.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import { createDashboardRepo } from './dashboard.repo.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { createDashboardService } from './dashboard.service.js';

/** A customer's dashboard: widget settings and spending. */
export function setUpDashboard(opts: { db: Db }): ModuleSetup {
  const dashboard = createDashboardService({ repo: createDashboardRepo(opts.db) });
  return { routes: [routesOf(dashboardRoutes, { dashboard })] };
}
