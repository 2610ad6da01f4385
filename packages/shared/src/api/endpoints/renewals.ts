import { catalogueLanguageQuerySchema } from '../../contracts/catalogue.js';
import {
  adminSubscriptionPageSchema,
  adminSubscriptionSchema,
  adminSubscriptionsQuerySchema,
  extendGraceSchema,
  subscriptionParamsSchema,
  subscriptionSchema,
  subscriptionsSchema,
  subscriptionUpdateSchema,
} from '../../contracts/renewals.js';
import { ADMIN_REFUSALS, refusals } from './errors.js';

/** What extending grace or waiving a period refuses: an admin's own item among them. */
const ADMIN_CHANGE_REFUSALS = refusals(
  ...ADMIN_REFUSALS,
  'NOT_FOUND',
  'SUBSCRIPTION_STATE',
  'SELF_ADJUSTMENT_FORBIDDEN',
);

/** Monthly items: the customer's renewals and runway, and the admin's view of them. */
export const renewalsEndpoints = {
  'renewals.mine': {
    summary: "The customer's monthly items, what the next 30 days ask for, and the runway",
    query: catalogueLanguageQuerySchema,
    responses: { 200: subscriptionsSchema },
  },
  'renewals.update': {
    summary: 'Stop renewing an item (it runs to the end of its paid period) or renew it again',
    params: subscriptionParamsSchema,
    body: subscriptionUpdateSchema,
    responses: { 200: subscriptionSchema },
  },
  'renewals.reactivate': {
    summary: 'Pay the missed period of an item in grace or suspended, and resume it',
    params: subscriptionParamsSchema,
    responses: { 200: subscriptionSchema },
  },
  'renewals.admin.list': {
    summary: 'Monthly items due within 7 days, in grace, or suspended',
    query: adminSubscriptionsQuerySchema,
    responses: { 200: adminSubscriptionPageSchema },
  },
  'renewals.admin.extendGrace': {
    summary: 'Give an item in grace (or suspended) more days before it is suspended',
    params: subscriptionParamsSchema,
    body: extendGraceSchema,
    responses: { 200: adminSubscriptionSchema, ...ADMIN_CHANGE_REFUSALS },
  },
  'renewals.admin.waive': {
    summary: 'Mark the period due as paid without charging it',
    params: subscriptionParamsSchema,
    responses: { 200: adminSubscriptionSchema, ...ADMIN_CHANGE_REFUSALS },
  },
} as const;
