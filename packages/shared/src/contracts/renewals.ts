import { z } from 'zod';
import { ORDER_STATUSES } from '../domain/renewals.js';
import { ORDER_ITEM_KINDS } from './orders.js';
import { pageOf, pageQuery } from './page.js';

/** A monthly item the customer holds: what it renews for, when, and in what state. */
export const subscriptionSchema = z.object({
  id: z.string(),
  itemKind: z.enum(ORDER_ITEM_KINDS),
  itemId: z.string(),
  name: z.string(),
  /** What each renewal charges the balance, GBP. */
  amount: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** Off: it runs to the end of its paid period, then ends. */
  autoRenew: z.boolean(),
  /** When the next period starts (the next charge); null once ended. */
  renewsAt: z.string().nullable(),
  /** In grace: suspended unless paid by then. */
  graceUntil: z.string().nullable(),
  suspendedAt: z.string().nullable(),
  /** Suspended: when it ends (a number goes back to the shop) unless reactivated. */
  releaseAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** GET /api/subscriptions: the items, the runway and what the next 30 days ask for. */
export const subscriptionsSchema = z.object({
  items: z.array(subscriptionSchema),
  /** The balance less what calls in progress hold, GBP. */
  available: z.string(),
  /** What renews within 30 days (and what is unpaid now), GBP. */
  dueIn30Days: z.string(),
  /** What the balance lacks for those, GBP ("0.00" when covered). */
  shortfall: z.string(),
  /** SMS and calls a day, averaged over the last 30 days, GBP. */
  dailyUsage: z.string(),
  /** Whole days the balance covers renewals and usage; null when nothing is spent. */
  runwayDays: z.number().int().nullable(),
});
export type Subscriptions = z.infer<typeof subscriptionsSchema>;

export const subscriptionParamsSchema = z.object({ id: z.uuid('Invalid subscription') });

/** PUT /api/subscriptions/{id}: stop renewal (it runs to the end of the paid period) or resume it. */
export const subscriptionUpdateSchema = z.strictObject({
  autoRenew: z.boolean({ error: 'autoRenew must be true or false' }),
});

export const ADMIN_SUBSCRIPTION_FILTERS = ['due', 'grace', 'suspended'] as const;
export type AdminSubscriptionFilter = (typeof ADMIN_SUBSCRIPTION_FILTERS)[number];

/** GET /api/admin/subscriptions: due within 7 days, in grace, or suspended. */
export const adminSubscriptionsQuerySchema = z.object({
  filter: z.enum(ADMIN_SUBSCRIPTION_FILTERS).default('due'),
  ...pageQuery(20, 100),
});

export const adminSubscriptionSchema = subscriptionSchema.extend({
  userId: z.string(),
  email: z.string(),
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;
export const adminSubscriptionPageSchema = pageOf(adminSubscriptionSchema);

/** The longest an admin may extend a grace period by at once. */
export const GRACE_EXTENSION_MAX_DAYS = 60;

export const extendGraceSchema = z.strictObject({
  days: z
    .number({ error: 'Days must be a number' })
    .int('Days must be a whole number')
    .min(1, 'Days must be at least 1')
    .max(GRACE_EXTENSION_MAX_DAYS, `Days must be at most ${GRACE_EXTENSION_MAX_DAYS}`),
});
