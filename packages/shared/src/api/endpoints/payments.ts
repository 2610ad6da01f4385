import { z } from 'zod';
import { catalogueLanguageQuerySchema, idParamsSchema } from '../../contracts/catalogue.js';
import { pageOf } from '../../contracts/page.js';
import {
  adminPaymentSchema,
  adminPaymentsQuerySchema,
  createTransactionSchema,
  cryptoWalletInputSchema,
  cryptoWalletSchema,
  decisionInputSchema,
  exchangeRateSchema,
  ledgerCheckSchema,
  paymentWalletSchema,
  quoteInputSchema,
  quoteSchema,
  quoteStatusSchema,
  rateInputSchema,
  rateParamsSchema,
  TRANSACTION_STATUSES,
  transactionSchema,
  walletToggleSchema,
} from '../../contracts/payments.js';
import { payableCoinSchema } from '../../contracts/setup.js';
import { ofUser, pageQuerySchema } from './admin-lists.js';

const decision = (what: string) =>
  ({
    summary: `${what} a payment (once; a second decision gets 409)`,
    params: idParamsSchema,
    body: decisionInputSchema,
    responses: { 200: transactionSchema },
  }) as const;

const userPaymentsQuerySchema = pageQuerySchema.extend({
  status: z.enum(TRANSACTION_STATUSES, 'Unknown status').optional(),
});

/** Crypto top-ups: quotes, payments, and the admins' decisions, wallets and rates. */
export const paymentsEndpoints = {
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
    idempotent: 'rerun',
    responses: { 201: quoteSchema },
  },
  'payments.quoteStatus': {
    summary: "A customer's own quote, its expiry and the payments seen to its address",
    params: idParamsSchema,
    responses: { 200: quoteStatusSchema },
  },
  'payments.create': {
    summary: 'Report a payment sent; an admin approves it',
    body: createTransactionSchema,
    idempotent: 'rerun',
    responses: { 201: transactionSchema },
  },
  'payments.mine': {
    summary: "The customer's payments, a package's name in the language asked for",
    query: catalogueLanguageQuerySchema,
    responses: { 200: z.array(transactionSchema) },
  },
  'payments.admin.list': {
    summary: 'Payments to decide, newest first',
    query: adminPaymentsQuerySchema,
    responses: { 200: z.array(adminPaymentSchema) },
  },
  'payments.admin.approve': decision('Approve'),
  'payments.admin.reject': decision('Reject'),
  'payments.admin.wallets': {
    summary: 'Receiving wallets',
    responses: { 200: z.array(cryptoWalletSchema) },
  },
  'payments.admin.createWallet': {
    summary: 'Add a receiving wallet',
    body: cryptoWalletInputSchema,
    responses: { 201: cryptoWalletSchema },
  },
  'payments.admin.setWalletActive': {
    summary: 'Activate or deactivate a wallet',
    params: idParamsSchema,
    body: walletToggleSchema,
    responses: { 200: cryptoWalletSchema },
  },
  'payments.admin.rates': {
    summary: 'Exchange rates',
    responses: { 200: z.array(exchangeRateSchema) },
  },
  'payments.admin.setRate': {
    summary: 'Set an exchange rate',
    params: rateParamsSchema,
    body: rateInputSchema,
    responses: { 200: exchangeRateSchema },
  },
  'payments.admin.ledgerCheck': {
    summary: 'Balances that disagree with the ledger, and colliding payment hashes',
    responses: { 200: ledgerCheckSchema },
  },
  'payments.admin.forUser': ofUser(
    "A user's payments, newest first (only those of `status` when given)",
    userPaymentsQuerySchema,
    pageOf(transactionSchema),
  ),
} as const;
