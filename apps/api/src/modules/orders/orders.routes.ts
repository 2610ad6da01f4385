import { itemParamsSchema, orderInputSchema, orderSchema, purchasableSchema } from '@parley/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/admin-guard.js';
import type { OrdersService } from './orders.service.js';

/** A customer's purchases: an item priced by the server, buying it from the balance, and their orders. */
export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (
  app,
  { orders },
) => {
  app.addHook('onRequest', requireUser);
  app.get(
    '/api/orders/items/:id',
    { schema: { params: itemParamsSchema, response: { 200: purchasableSchema } } },
    async (request) => orders.item(request.params.id),
  );
  app.post(
    '/api/orders',
    { schema: { body: orderInputSchema, response: { 201: orderSchema } } },
    async (request, reply) =>
      reply
        .code(201)
        .send(await orders.buy(request.user?.id ?? '', request.body.itemId, request.body.orderId)),
  );
  app.get('/api/orders', { schema: { response: { 200: z.array(orderSchema) } } }, async (request) =>
    orders.mine(request.user?.id ?? ''),
  );
};
