import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import { createAnalyticsRepo } from './analytics.repo.js';
import { analyticsRoutes } from './analytics.routes.js';
import { createAnalyticsService } from './analytics.service.js';

/** The admin's figures, counted when the tab finds them older than `maxAgeMs`. */
export function setUpAnalytics(opts: {
  db: Db;
  maxAgeMs: number;
  now?: () => Date;
  log: FastifyBaseLogger;
}): ModuleSetup {
  const analytics = createAnalyticsService({
    repo: createAnalyticsRepo(opts.db),
    maxAgeMs: opts.maxAgeMs,
    now: opts.now,
    log: opts.log,
  });
  return { routes: [routesOf(analyticsRoutes, { analytics })] };
}
