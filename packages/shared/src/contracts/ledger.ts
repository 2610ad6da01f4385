import { z } from 'zod';
import {
  ADJUSTMENT_DIRECTIONS,
  ADJUSTMENT_NOTE_MAX,
  adjustmentAmountProblem,
  LEDGER_KINDS,
  STATEMENT_MAX_DAYS,
} from '../domain/ledger.js';
import { fromUnits, toUnits } from '../domain/money.js';
import { isoDay, withDayRange } from './day-range.js';
import { rule } from './field-text.js';
import { pageOf, pageQuery } from './page.js';
import { singleLine } from './text.js';

/**
 * The ledger: every change of a balance, as the customer (their own) and the admin (any
 * customer's) read it, an admin's manual adjustment, and statements of a date range.
 * Amounts are exact decimals in the billing currency with two to four decimals, signed
 * (a debit is negative); `balanceAfter` is the balance the entry left.
 */
export const ledgerEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  amount: z.string(),
  currency: z.string(),
  reference: z.string(),
  balanceAfter: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** A page of ledger entries, newest first, optionally of one kind. */
export const ledgerQuerySchema = z.object({
  kind: z.enum(LEDGER_KINDS).optional(),
  ...pageQuery(20),
});
export type LedgerQuery = z.input<typeof ledgerQuerySchema>;
export const ledgerPageSchema = pageOf(ledgerEntrySchema);
export type LedgerPage = z.infer<typeof ledgerPageSchema>;

/**
 * POST /api/admin/users/:id/adjustments. `requestId` is the client's id for this
 * adjustment (one per click of Apply): sent again with the same body it answers the
 * first result and moves nothing; with another body, 422 IDEMPOTENCY_KEY_REUSED.
 */
export const adjustmentInputSchema = z.object({
  requestId: z.uuid('Invalid request id'),
  direction: z.enum(ADJUSTMENT_DIRECTIONS),
  /** Pounds, positive, at most two decimals; answered as written ("12.3" → "12.30"). */
  amount: z
    .string({ error: 'Amount is required' })
    .trim()
    .superRefine(rule(adjustmentAmountProblem))
    .transform((v) => (adjustmentAmountProblem(v) ? v : fromUnits(toUnits(v, 2), 2))),
  /** Why: shown to the customer beside the entry, and kept in the audit log. */
  note: singleLine(
    z
      .string({ error: 'Note is required' })
      .trim()
      .min(1, 'Note is required')
      .max(ADJUSTMENT_NOTE_MAX, `At most ${ADJUSTMENT_NOTE_MAX} characters`),
    'Note',
  ),
});
export type AdjustmentInput = z.input<typeof adjustmentInputSchema>;

export const adjustmentSchema = z.object({
  entry: ledgerEntrySchema,
  /** The customer's balance right after the adjustment. */
  balance: z.string(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

/** A statement's days (UTC, both included): required, `to` not before `from`, a year at most. */
export const statementQuerySchema = withDayRange({ from: isoDay, to: isoDay }, STATEMENT_MAX_DAYS);
export type StatementQuery = z.input<typeof statementQuerySchema>;
