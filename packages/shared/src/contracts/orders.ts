import { z } from 'zod';
import { FULFILMENT_STATUSES } from '../domain/fulfilment.js';
import { ORDER_STATUSES } from '../domain/renewals.js';

export const ORDER_ITEM_KINDS = ['package', 'sip_domain', 'number'] as const;
export type OrderItemKind = (typeof ORDER_ITEM_KINDS)[number];

/** A catalogue item as the payment page sells it, priced by the server. */
export const purchasableSchema = z.object({
  kind: z.enum(ORDER_ITEM_KINDS),
  id: z.string(),
  name: z.string(),
  /** "Number: +1… in New York", a package's description, or the domain. */
  description: z.string(),
  /** The first charge: for a number, its setup fee plus its first month. */
  price: z.string(),
  /** What each month costs after the first charge; null for a one-time purchase. */
  recurringPrice: z.string().nullable(),
  /** The one-time fee included in `price`; null when there is none. */
  setupPrice: z.string().nullable(),
  currency: z.string(),
  billingPeriod: z.string(),
  /** The price in the billing currency (GBP) at today's rate: what the balance pays. */
  balancePrice: z.string(),
  /** What each renewal charges the balance (GBP); null for a one-off purchase. */
  balanceRenewal: z.string().nullable(),
  /** False when it can no longer be bought (a sold number or domain, an inactive package). */
  available: z.boolean(),
});
export type Purchasable = z.infer<typeof purchasableSchema>;

export const itemParamsSchema = z.object({ id: z.uuid('Invalid item') });

/** POST /api/orders: buy one catalogue item from the balance. */
export const orderInputSchema = z.object({
  itemId: z.uuid('Invalid item'),
  /** The client's own id for this purchase: a repeated request buys only once. */
  orderId: z.uuid('Invalid order id').optional(),
  /** A SIP trunk add-on (failover, analytics): the customer's trunk it attaches to; without
   * it, their oldest trunk that lacks the add-on. */
  trunkId: z.uuid('Invalid trunk').optional(),
});
export type OrderInput = z.input<typeof orderInputSchema>;

export const orderSchema = z.object({
  id: z.string(),
  itemKind: z.enum(ORDER_ITEM_KINDS),
  itemId: z.string(),
  name: z.string(),
  price: z.string(),
  priceCurrency: z.string(),
  /** What the balance paid, in GBP. */
  charged: z.string(),
  paidWith: z.enum(['balance', 'crypto']),
  billingPeriod: z.string(),
  status: z.enum(ORDER_STATUSES),
  renewsAt: z.string().nullable(),
  createdAt: z.string(),
  /** For an item the team sets up: open until an admin marks it done; null otherwise. */
  fulfilment: z.enum(FULFILMENT_STATUSES).nullable(),
});
export type Order = z.infer<typeof orderSchema>;
