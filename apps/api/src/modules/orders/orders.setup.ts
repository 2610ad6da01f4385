import type { Db } from '../../db/client.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import { createOrdersRepo } from './orders.repo.js';
import { ordersRoutes } from './orders.routes.js';
import { createOrdersService } from './orders.service.js';

/** Items priced by the server and bought from the balance (through the orders store). */
export function setUpOrders(opts: {
  db: Db;
  rates: Parameters<typeof createOrdersService>[0]['rates'];
}) {
  const orders = createOrdersService({ repo: createOrdersRepo(opts.db), rates: opts.rates });
  const module: ModuleSetup = { routes: [routesOf(ordersRoutes, { orders })] };
  return { ...module, orders };
}
