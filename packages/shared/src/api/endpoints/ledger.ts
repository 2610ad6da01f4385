import {
  adjustmentInputSchema,
  adjustmentSchema,
  ledgerPageSchema,
  ledgerQuerySchema,
  statementQuerySchema,
} from '../../contracts/ledger.js';
import { userIdParamsSchema } from '../../contracts/users.js';
import { ofUser } from './admin-lists.js';
import { ADMIN_REFUSALS, refusals } from './errors.js';

const statement = (whose: string) =>
  ({
    summary: `${whose} statement for a range of days (UTC): opening balance, every entry, closing balance`,
    query: statementQuerySchema,
    responses: {
      200: { description: 'statement-<from>-<to>.csv', contentType: 'text/csv' },
      ...refusals('UNAUTHORIZED', 'VALIDATION_FAILED', 'STATEMENT_TOO_LARGE'),
    },
  }) as const;

/** Every change of a balance: the customer's view, the admin's view and hand adjustments. */
export const ledgerEndpoints = {
  'ledger.admin.forUser': ofUser(
    "A user's ledger entries, newest first",
    ledgerQuerySchema,
    ledgerPageSchema,
  ),
  'ledger.admin.adjust': {
    summary:
      'Credit or debit a balance by hand, with a note the customer sees (once per requestId)',
    params: userIdParamsSchema,
    body: adjustmentInputSchema,
    responses: {
      201: adjustmentSchema,
      ...refusals(
        ...ADMIN_REFUSALS,
        'NOT_FOUND',
        'INSUFFICIENT_BALANCE',
        'SELF_ADJUSTMENT_FORBIDDEN',
        'IDEMPOTENCY_KEY_REUSED',
      ),
    },
  },
  'ledger.admin.statement': {
    ...statement("A user's"),
    params: userIdParamsSchema,
    responses: { ...statement("A user's").responses, ...refusals(...ADMIN_REFUSALS, 'NOT_FOUND') },
  },
  'ledger.mine': {
    summary: "The customer's ledger entries (every change of the balance), newest first",
    query: ledgerQuerySchema,
    responses: { 200: ledgerPageSchema, ...refusals('UNAUTHORIZED', 'VALIDATION_FAILED') },
  },
  'ledger.statement': statement("The customer's"),
} as const;
