import { z } from 'zod';
import {
  chainDepositSchema,
  chainDepositsPageSchema,
  chainDepositsQuerySchema,
  chainNetworkStatusSchema,
  depositIdParamsSchema,
  depositResolveInputSchema,
  keyFamilyParamsSchema,
  keyFamilyViewSchema,
  watchKeyInputSchema,
  watchKeyPreviewInputSchema,
  watchKeyPreviewSchema,
} from '../../contracts/chains.js';
import { ADMIN_REFUSALS, refusals } from './errors.js';

/** Watch-only keys and what the chain watchers see, for admins. */
export const chainsEndpoints = {
  'chains.admin.watchKeys': {
    summary: 'Each key family: its active watch-only key, addresses handed out, first addresses',
    responses: { 200: z.array(keyFamilyViewSchema) },
  },
  'chains.admin.previewWatchKey': {
    summary:
      "A key's first receive addresses, to compare with the wallet (400 with a WATCH_KEY_* code on body.key)",
    body: watchKeyPreviewInputSchema,
    responses: { 200: watchKeyPreviewSchema },
  },
  'chains.admin.setWatchKey': {
    summary: "Make a key its family's active one (a key set before keeps its counter)",
    params: keyFamilyParamsSchema,
    body: watchKeyInputSchema,
    responses: { 200: keyFamilyViewSchema },
  },
  'chains.admin.removeWatchKey': {
    summary: "Deactivate a family's key: its networks go back to fixed addresses",
    params: keyFamilyParamsSchema,
    responses: { 204: null },
  },
  'chains.admin.status': {
    summary: 'Per network: watched or not, confirmations, the node and the cursor, deposits',
    responses: { 200: z.array(chainNetworkStatusSchema) },
  },
  'chains.admin.deposits': {
    summary:
      'On-chain deposits, newest first: customer, address, confirmations, credit, and the evidence of a flagged one',
    query: chainDepositsQuerySchema,
    responses: { 200: chainDepositsPageSchema, ...refusals(...ADMIN_REFUSALS) },
  },
  'chains.admin.resolveDeposit': {
    summary:
      'Decide a flagged deposit once: keep the credit, or reverse it with a ledger debit (409 when the balance is short)',
    params: depositIdParamsSchema,
    body: depositResolveInputSchema,
    responses: {
      200: chainDepositSchema,
      ...refusals(
        ...ADMIN_REFUSALS,
        'NOT_FOUND',
        'DEPOSIT_NOT_FLAGGED',
        'ALREADY_DECIDED',
        'REVERSAL_BALANCE_SHORT',
      ),
    },
  },
} as const;
