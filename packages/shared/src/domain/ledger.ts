/**
 * The ledger as customers and admins see it: the kinds of entry, an admin's manual
 * adjustment (credit or debit with a note) and the statement of a date range. Plain
 * values and functions, shared by the contracts, the server and the browser's forms.
 */
import { toCsv } from './csv.js';
import type { FieldProblem } from './field-codes.js';
import { add, compareDecimal, moneyText, subtract, toUnits } from './money.js';

/** Every kind of ledger entry (the database's CHECK holds the same list). */
export const LEDGER_KINDS = [
  'deposit',
  'purchase',
  'charge',
  'refund',
  'adjustment',
  'renewal',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const ADJUSTMENT_DIRECTIONS = ['credit', 'debit'] as const;
export type AdjustmentDirection = (typeof ADJUSTMENT_DIRECTIONS)[number];

/** The largest single adjustment, in the billing currency. */
export const ADJUSTMENT_MAX = '100000.00';
/** An adjustment's note: required, one line, at most this many characters. */
export const ADJUSTMENT_NOTE_MAX = 500;
/** A statement covers at most this many days, both ends included. */
export const STATEMENT_MAX_DAYS = 366;
/** A statement with more entries than this is refused: choose a shorter range. */
export const STATEMENT_MAX_ENTRIES = 20_000;

/** What the reference of an admin's adjustment is: the client's request id, once. */
export const adjustmentReference = (requestId: string) => `adjustment:${requestId}`;

const AMOUNT = /^\d{1,9}(\.\d{1,8})?$/;

/** Whether `value` has at most two decimals besides trailing zeros ("1.50", "1.500"). */
function inPence(value: string): boolean {
  try {
    toUnits(value, 2);
    return true;
  } catch {
    return false;
  }
}

/**
 * An adjustment's amount: a positive decimal in pounds, no more precise than a penny
 * (trailing zeros are fine, as toUnits takes them), capped at ADJUSTMENT_MAX.
 */
export function adjustmentAmountProblem(raw: string): FieldProblem | null {
  const value = raw.trim();
  if (!value) return { code: 'REQUIRED' };
  if (!AMOUNT.test(value) || !inPence(value) || compareDecimal(value, '0') <= 0)
    return { code: 'AMOUNT_INVALID' };
  if (compareDecimal(value, ADJUSTMENT_MAX) > 0)
    return { code: 'AMOUNT_TOO_LARGE', params: { max: ADJUSTMENT_MAX } };
  return null;
}

/** The signed ledger amount of an adjustment: a debit is negative. */
export const signedAmount = (direction: AdjustmentDirection, amount: string) =>
  direction === 'debit' ? `-${amount}` : amount;

/** What a statement lists of each ledger entry. */
export interface StatementEntry {
  createdAt: string;
  kind: string;
  reference: string;
  note: string;
  /** Signed: credits positive, debits negative. */
  amount: string;
  balanceAfter: string;
}

export interface Statement {
  from: string;
  to: string;
  currency: string;
  opening: string;
  entries: readonly StatementEntry[];
}

const SCALE = 4;
const STATEMENT_HEADER = ['Date', 'Kind', 'Reference', 'Note', 'Credit', 'Debit', 'Balance'];

/** The closing balance: the opening plus every entry of the range. */
export function closingBalance(statement: Pick<Statement, 'opening' | 'entries'>): string {
  return statement.entries.reduce(
    (sum, e) => add(sum, e.amount, SCALE),
    add(statement.opening, '0', SCALE),
  );
}

/**
 * A statement as CSV: a heading row, the opening balance, each entry (credit and debit
 * in columns of their own, so no cell is a negative number a spreadsheet would mangle),
 * the closing balance. Cells go through toCsv, so no text can run as a formula.
 */
export function statementCsv(statement: Statement): string {
  const { currency } = statement;
  const money = (value: string) => moneyText(value);
  const entryRow = (e: StatementEntry) => {
    const debit = e.amount.startsWith('-');
    const size = debit ? subtract('0', e.amount, SCALE) : e.amount;
    return [
      e.createdAt,
      e.kind,
      e.reference,
      e.note,
      debit ? '' : money(size),
      debit ? money(size) : '',
      money(e.balanceAfter),
    ];
  };
  return toCsv([
    [...STATEMENT_HEADER, 'Currency'],
    [statement.from, 'Opening balance', '', '', '', '', money(statement.opening), currency],
    ...statement.entries.map((e) => [...entryRow(e), currency]),
    [statement.to, 'Closing balance', '', '', '', '', money(closingBalance(statement)), currency],
  ]);
}
