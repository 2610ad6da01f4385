import type { Db } from '../../db/client.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import { createAnalyticsRepo } from './analytics.repo.js';
import { analyticsRoutes } from './analytics.routes.js';
import { createAnalyticsService } from './analytics.service.js';

/** The admin's figures. */
export function setUpAnalytics(opts: { db: Db }): ModuleSetup {
  const analytics = createAnalyticsService({ repo: createAnalyticsRepo(opts.db) });
  return { routes: [routesOf(analyticsRoutes, { analytics })] };
}
