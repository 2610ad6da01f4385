import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/endpoints.js';
import { userId } from '../../plugins/guards.js';
import { idempotentId } from '../../plugins/idempotency.js';
import type { OrdersService } from './orders.service.js';

/** A customer's purchases: an item priced by the server, buying it from the balance, and their orders. */
export const ordersRoutes: FastifyPluginAsync<{ orders: OrdersService }> = async (
  app,
  { orders },
) => {
  route(app, 'orders.item', (request) => orders.item(request.params.id, request.query.lang));
  // An Idempotency-Key stands for an orderId when the body names none (decision 0064).
  route(app, 'orders.buy', (request) =>
    orders.buy(
      userId(request),
      request.body.itemId,
      request.body.orderId ?? idempotentId(request),
      request.body.trunkId,
    ),
  );
  route(app, 'orders.mine', (request) => orders.mine(userId(request), request.query.lang));
  // An admin's view of one customer's orders (the guard in the definition is admin).
  route(app, 'orders.admin.forUser', (r) =>
    orders.ofUser(r.params.id, r.query.page, r.query.pageSize),
  );
};
