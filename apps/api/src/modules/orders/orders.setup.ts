import type { Db } from '../../db/client.js';
import type { EventBus } from '../../lib/event-bus.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import { createOrdersRepo } from './orders.repo.js';
import { ordersRoutes } from './orders.routes.js';
import { createOrdersService } from './orders.service.js';

/** Items priced by the server and bought from the balance (through the orders store). */
export function setUpOrders(opts: {
  db: Db;
  rates: Parameters<typeof createOrdersService>[0]['rates'];
  events: EventBus;
}) {
  const orders = createOrdersService({
    repo: createOrdersRepo(opts.db),
    rates: opts.rates,
    events: opts.events,
  });
  const module: ModuleSetup = { routes: [routesOf(ordersRoutes, { orders })] };
  return { ...module, orders };
}
