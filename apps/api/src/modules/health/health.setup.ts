import type { Db } from '../../db/client.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import { createHealthRepo } from './health.repo.js';
import { healthRoutes } from './health.routes.js';
import { createHealthService } from './health.service.js';

/** The health check (one database ping a second, shared). */
export function setUpHealth(opts: { db: Db }): ModuleSetup {
  const service = createHealthService({ repo: createHealthRepo(opts.db) });
  return { routes: [routesOf(healthRoutes, { service })] };
}
