import { compareDecimal, MIN_TOP_UP_USD } from '@parley/shared/domain';

/** Above this a top-up goes through sales, not the form. */
export const MAX_TOP_UP_USD = '1000000';

/** Dollars with at most two decimals: 150, 150.5, 150.00. No exponents, signs or separators. */
const DOLLARS = /^\d+(\.\d{1,2})?$/;

/** What is wrong with a top-up amount in US dollars, or null when it can be paid. */
export type DepositProblem = 'malformed' | 'belowMinimum' | 'aboveMaximum';

/** Nothing given, or a number below zero: what SPEC answers with the minimum's message. */
const BELOW_ANY = /^(-\s*\d+(\.\d*)?)?$/;

export function depositProblem(amount: string): DepositProblem | null {
  const value = amount.trim();
  if (BELOW_ANY.test(value)) return 'belowMinimum';
  if (!DOLLARS.test(value)) return 'malformed';
  if (compareDecimal(value, MIN_TOP_UP_USD) < 0) return 'belowMinimum';
  if (compareDecimal(value, MAX_TOP_UP_USD) > 0) return 'aboveMaximum';
  return null;
}
