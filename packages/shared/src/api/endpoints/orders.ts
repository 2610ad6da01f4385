import { z } from 'zod';
import { catalogueLanguageQuerySchema } from '../../contracts/catalogue.js';
import {
  itemParamsSchema,
  orderInputSchema,
  orderSchema,
  purchasableSchema,
} from '../../contracts/orders.js';
import { pageOf } from '../../contracts/page.js';
import { ofUser, pageQuerySchema } from './admin-lists.js';

/** Buying from the balance. */
export const ordersEndpoints = {
  'orders.item': {
    summary: 'An item for sale with its price in GBP, in the language asked for',
    params: itemParamsSchema,
    query: catalogueLanguageQuerySchema,
    responses: { 200: purchasableSchema },
  },
  'orders.buy': {
    summary: 'Buy an item from the balance',
    body: orderInputSchema,
    idempotent: 'rerun',
    responses: { 201: orderSchema },
  },
  'orders.mine': {
    summary: "The customer's orders, a package's name in the language asked for",
    query: catalogueLanguageQuerySchema,
    responses: { 200: z.array(orderSchema) },
  },
  'orders.admin.forUser': ofUser(
    "A user's orders, newest first",
    pageQuerySchema,
    pageOf(orderSchema),
  ),
} as const;
