import type { Db } from '../../db/client.js';
import type { EventBus } from '../../lib/event-bus.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import { createFulfilmentRepo } from './fulfilment.repo.js';
import { fulfilmentAdminRoutes } from './fulfilment.routes.js';
import { createFulfilmentService } from './fulfilment.service.js';

/**
 * Items "fulfilled by our team": the tasks are opened by the sale itself (the orders
 * store); this module serves the admins' queue (decision 0067).
 */
export function setUpFulfilment(opts: { db: Db; events: EventBus; now?: () => Date }) {
  const fulfilment = createFulfilmentService({
    repo: createFulfilmentRepo(opts.db),
    events: opts.events,
    now: opts.now,
  });
  const module: ModuleSetup = { routes: [routesOf(fulfilmentAdminRoutes, { fulfilment })] };
  return { ...module, fulfilment };
}
