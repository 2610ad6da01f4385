import { z } from 'zod';
import { analyticsSchema } from '../../contracts/analytics.js';
import { auditFacetsSchema, auditPageSchema, auditQuerySchema } from '../../contracts/audit.js';
import { idParamsSchema } from '../../contracts/catalogue.js';
import {
  adminPaymentSchema,
  adminPaymentsQuerySchema,
  cryptoWalletInputSchema,
  cryptoWalletSchema,
  decisionInputSchema,
  exchangeRateSchema,
  ledgerCheckSchema,
  rateInputSchema,
  rateParamsSchema,
  transactionSchema,
  walletToggleSchema,
} from '../../contracts/payments.js';
import {
  smsGatewayStatusSchema,
  smsInboundListSchema,
  smsInboundQuerySchema,
} from '../../contracts/sms.js';
import {
  adminSenderListQuerySchema,
  adminSenderListSchema,
  senderApproveInputSchema,
  senderRejectInputSchema,
  senderRequestSchema,
} from '../../contracts/sms-senders.js';

const decision = (what: string) =>
  ({
    summary: `${what} a payment (once; a second decision gets 409)`,
    params: idParamsSchema,
    body: decisionInputSchema,
    responses: { 200: transactionSchema },
  }) as const;

/** The admin panel's reads and decisions (the catalogue's are in catalogue.ts). */
export const adminEndpoints = {
  'admin.analytics': {
    summary: 'Totals for the admin overview',
    responses: { 200: analyticsSchema },
  },
  'admin.smsStatus': {
    summary: 'Which gateway SMS go through and how many wait',
    responses: { 200: smsGatewayStatusSchema },
  },
  'admin.smsInbound': {
    summary: 'Messages received from the gateway',
    query: smsInboundQuerySchema,
    responses: { 200: smsInboundListSchema },
  },
  'admin.senderIds': {
    summary: 'Sender ID requests',
    query: adminSenderListQuerySchema,
    responses: { 200: adminSenderListSchema },
  },
  'admin.approveSenderId': {
    summary: 'Approve a sender ID request',
    params: idParamsSchema,
    body: senderApproveInputSchema,
    responses: { 200: senderRequestSchema },
  },
  'admin.rejectSenderId': {
    summary: 'Reject a sender ID request',
    params: idParamsSchema,
    body: senderRejectInputSchema,
    responses: { 200: senderRequestSchema },
  },
  'admin.payments': {
    summary: 'Payments to decide, newest first',
    query: adminPaymentsQuerySchema,
    responses: { 200: z.array(adminPaymentSchema) },
  },
  'admin.approvePayment': decision('Approve'),
  'admin.rejectPayment': decision('Reject'),
  'admin.wallets': {
    summary: 'Receiving wallets',
    responses: { 200: z.array(cryptoWalletSchema) },
  },
  'admin.createWallet': {
    summary: 'Add a receiving wallet',
    body: cryptoWalletInputSchema,
    responses: { 201: cryptoWalletSchema },
  },
  'admin.setWalletActive': {
    summary: 'Activate or deactivate a wallet',
    params: idParamsSchema,
    body: walletToggleSchema,
    responses: { 200: cryptoWalletSchema },
  },
  'admin.rates': { summary: 'Exchange rates', responses: { 200: z.array(exchangeRateSchema) } },
  'admin.setRate': {
    summary: 'Set an exchange rate',
    params: rateParamsSchema,
    body: rateInputSchema,
    responses: { 200: exchangeRateSchema },
  },
  'admin.ledgerCheck': {
    summary: 'Balances that disagree with the ledger, and colliding payment hashes',
    responses: { 200: ledgerCheckSchema },
  },
  'admin.audit': {
    summary: 'The audit log',
    query: auditQuerySchema,
    responses: { 200: auditPageSchema },
  },
  'admin.auditFacets': {
    summary: "The audit log's actions and actors, for its filters",
    responses: { 200: auditFacetsSchema },
  },
} as const;
