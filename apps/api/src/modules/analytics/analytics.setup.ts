import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { createPeriodicJob } from '../../lib/periodic-job.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import { createAnalyticsRepo } from './analytics.repo.js';
import { analyticsRoutes } from './analytics.routes.js';
import { createAnalyticsService } from './analytics.service.js';

/** The admin's figures, and the job that recounts them on every instance. */
export function setUpAnalytics(opts: {
  db: Db;
  intervalMs: number;
  now?: () => Date;
  log: FastifyBaseLogger;
}): ModuleSetup {
  const analytics = createAnalyticsService({
    repo: createAnalyticsRepo(opts.db),
    intervalMs: opts.intervalMs,
    now: opts.now,
  });
  const job = createPeriodicJob({
    name: 'analytics job',
    intervalMs: opts.intervalMs,
    pass: () => analytics.pass(),
    log: opts.log,
  });
  return {
    routes: [routesOf(analyticsRoutes, { analytics })],
    jobs: [{ start: () => job.start(), stop: () => job.stop() }],
    decorations: { analyticsJob: job },
  };
}
