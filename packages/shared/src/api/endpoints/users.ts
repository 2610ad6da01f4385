import { z } from 'zod';
import { adminUserSchema, setUserDisabledSchema } from '../../contracts/auth.js';
import {
  adjustmentInputSchema,
  adjustmentSchema,
  ledgerPageSchema,
  ledgerQuerySchema,
  statementQuerySchema,
} from '../../contracts/ledger.js';
import { orderSchema } from '../../contracts/orders.js';
import { pageOf, pageQuery } from '../../contracts/page.js';
import { issuedPasswordResetSchema } from '../../contracts/password-reset.js';
import { TRANSACTION_STATUSES, transactionSchema } from '../../contracts/payments.js';
import { smsHistoryQuerySchema, smsHistorySchema } from '../../contracts/sms.js';
import {
  adminUserDetailSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  userIdParamsSchema,
} from '../../contracts/users.js';
import { callHistoryQuerySchema, callHistorySchema } from '../../contracts/voice.js';
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

const pageQuerySchema = z.object(pageQuery(20));
const userPaymentsQuerySchema = pageQuerySchema.extend({
  status: z.enum(TRANSACTION_STATUSES, 'Unknown status').optional(),
});

/** A customer's list, read by an admin from the customer's detail view. */
const ofUser = <Q extends z.ZodType, T extends z.ZodType>(summary: string, query: Q, answer: T) =>
  ({
    summary,
    params: userIdParamsSchema,
    query,
    responses: { 200: answer, ...refusals(...ADMIN_REFUSALS) },
  }) as const;

/** Users for admins (search, detail, suspension, their lists, adjustments), and the ledger. */
export const usersEndpoints = {
  'admin.users': {
    summary: 'Users whose email or name contains `q`, by status, newest first, a page at a time',
    query: adminUsersQuerySchema,
    responses: { 200: adminUsersPageSchema, ...refusals(...ADMIN_REFUSALS) },
  },
  'admin.user': {
    summary: 'One user with their balance and status',
    params: userIdParamsSchema,
    responses: { 200: adminUserDetailSchema, ...refusals(...ADMIN_REFUSALS, 'NOT_FOUND') },
  },
  'admin.setUserDisabled': {
    summary: 'Suspend (disable) or reactivate a user; suspending ends their sessions',
    params: userIdParamsSchema,
    body: setUserDisabledSchema,
    responses: {
      200: adminUserSchema,
      ...refusals(...ADMIN_REFUSALS, 'NOT_FOUND', 'CONFLICT'),
    },
  },
  'admin.issuePasswordReset': {
    summary: 'A one-time password reset link for a user (an hour; shown once, audited)',
    params: userIdParamsSchema,
    responses: {
      200: issuedPasswordResetSchema,
      ...refusals(
        ...ADMIN_REFUSALS,
        'NOT_FOUND',
        'CONFLICT',
        'SELF_RESET_FORBIDDEN',
        'ADMIN_RESET_FORBIDDEN',
      ),
    },
  },
  'admin.userLedger': ofUser(
    "A user's ledger entries, newest first",
    ledgerQuerySchema,
    ledgerPageSchema,
  ),
  'admin.userOrders': ofUser("A user's orders, newest first", pageQuerySchema, pageOf(orderSchema)),
  'admin.userSms': ofUser(
    "A user's SMS messages, newest first",
    smsHistoryQuerySchema,
    smsHistorySchema,
  ),
  'admin.userPayments': ofUser(
    "A user's payments, newest first (only those of `status` when given)",
    userPaymentsQuerySchema,
    pageOf(transactionSchema),
  ),
  'admin.userCalls': ofUser(
    "A user's calls, newest first",
    callHistoryQuerySchema,
    callHistorySchema,
  ),
  'admin.adjustBalance': {
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
  'admin.userStatement': {
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
