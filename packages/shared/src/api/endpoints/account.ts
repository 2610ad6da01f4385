import { z } from 'zod';
import { catalogueLanguageQuerySchema } from '../../contracts/catalogue.js';
import {
  dashboardPreferencesInputSchema,
  dashboardPreferencesResponseSchema,
  spendingQuerySchema,
  spendingSchema,
} from '../../contracts/dashboard.js';
import {
  itemParamsSchema,
  orderInputSchema,
  orderSchema,
  purchasableSchema,
} from '../../contracts/orders.js';
import {
  createTransactionSchema,
  paymentWalletSchema,
  quoteInputSchema,
  quoteSchema,
  transactionSchema,
} from '../../contracts/payments.js';
import { payableCoinSchema } from '../../contracts/setup.js';
import { trunkSettingsInputSchema, trunkSettingsSchema } from '../../contracts/sip-trunk.js';

const stream = (what: string) =>
  ({
    summary: `Server-sent events: ${what}`,
    query: z.object({
      lastEventId: z
        .string()
        .optional()
        .describe('Where to resume when Last-Event-ID cannot be sent'),
    }),
    responses: {
      200: {
        description:
          '`connected`, then events with ids (a reconnect with Last-Event-ID gets what it missed), a `heartbeat` every 20 s, and `ended` when the session ends',
        contentType: 'text/event-stream',
      },
    },
  }) as const;

/** A customer's own things: trunk and dashboard settings, payments, orders, live updates. */
export const accountEndpoints = {
  'sipTrunk.settings': {
    summary: "The customer's SIP trunk settings",
    responses: { 200: trunkSettingsSchema },
  },
  'sipTrunk.saveSettings': {
    summary: "Save the customer's SIP trunk settings",
    body: trunkSettingsInputSchema,
    responses: { 200: trunkSettingsSchema },
  },
  'dashboard.preferences': {
    summary: "The customer's dashboard widgets",
    responses: { 200: dashboardPreferencesResponseSchema },
  },
  'dashboard.spending': {
    summary: "The customer's debits by day and kind, and what renews monthly",
    query: spendingQuerySchema,
    responses: { 200: spendingSchema },
  },
  'dashboard.savePreferences': {
    summary: "Change the customer's dashboard widgets",
    body: dashboardPreferencesInputSchema,
    responses: { 200: dashboardPreferencesResponseSchema },
  },
  'payments.wallets': {
    summary: 'Where to pay: the active wallet of each currency',
    responses: { 200: z.array(paymentWalletSchema) },
  },
  'payments.coins': {
    summary: 'The coins a customer can pay in now: an active wallet and a fresh rate',
    responses: { 200: z.array(payableCoinSchema) },
  },
  'payments.quote': {
    summary: 'Lock a crypto amount and its credit for 15 minutes',
    body: quoteInputSchema,
    responses: { 201: quoteSchema },
  },
  'payments.create': {
    summary: 'Report a payment sent; an admin approves it',
    body: createTransactionSchema,
    responses: { 201: transactionSchema },
  },
  'payments.mine': {
    summary: "The customer's payments, a package's name in the language asked for",
    query: catalogueLanguageQuerySchema,
    responses: { 200: z.array(transactionSchema) },
  },
  'orders.item': {
    summary: 'An item for sale with its price in GBP, in the language asked for',
    params: itemParamsSchema,
    query: catalogueLanguageQuerySchema,
    responses: { 200: purchasableSchema },
  },
  'orders.buy': {
    summary: 'Buy an item from the balance',
    body: orderInputSchema,
    responses: { 201: orderSchema },
  },
  'orders.mine': {
    summary: "The customer's orders, a package's name in the language asked for",
    query: catalogueLanguageQuerySchema,
    responses: { 200: z.array(orderSchema) },
  },
  'events.customer': stream("the customer's own payment updates"),
  'events.admin': stream('new users, payments and catalogue changes'),
} as const;
