import { compareDecimal, fromUnits, multiply, toUnits } from '@parley/shared';

/**
 * The rules of an on-chain credit (issue 34), free of the database and the clock: how
 * many confirmations a deposit has, and what it is worth in the billing currency.
 */

/** Height of a cursor row no pass has started yet (the first pass sets it from the tip). */
export const NOT_STARTED = -1;

/** Crypto amounts are stored with 18 decimals (numeric(38, 18)). */
const CRYPTO_SCALE = 18;

/** The quote a deposit paid, as the credit rules need it. */
export interface QuoteTerms {
  currency: string;
  /** What the customer was asked to send (exact decimal). */
  cryptoAmount: string;
  /** What that amount credits in the billing currency, at `creditRate`. */
  creditAmount: string;
  creditRate: string;
  expiresAt: Date;
}

/** A deposit as the credit rules need it. */
export interface DepositTerms {
  currency: string;
  amount: string;
  seenAt: Date;
  /** The time its block claims, when it has one. */
  blockTime: Date | null;
}

/** What a deposit credits: the locked quote, or the day's rate when late or another coin. */
export type CreditPlan =
  | { kind: 'locked'; amount: string; rate: string; late: false }
  | { kind: 'day-rate'; late: true };

/** Blocks on top of the deposit's, its own counted: tip 100, block 100 → 1. */
export function confirmationsOf(tip: number, height: number | null): number {
  if (height === null || height > tip) return 0;
  return tip - height + 1;
}

/** When it arrived: when Parley saw it, or its block's time if that is earlier. */
export function arrivedAt(deposit: DepositTerms): Date {
  const { seenAt, blockTime } = deposit;
  return blockTime && blockTime.getTime() < seenAt.getTime() ? blockTime : seenAt;
}

/**
 * On time and in the quote's coin → the locked terms, pro rata: floor to the penny of
 * creditAmount × received / cryptoAmount (an exact payment credits exactly creditAmount,
 * less pays less, more pays the excess too). Otherwise the day's rate decides.
 */
export function creditPlan(quote: QuoteTerms, deposit: DepositTerms): CreditPlan {
  const onTime = arrivedAt(deposit).getTime() < quote.expiresAt.getTime();
  if (!onTime || deposit.currency !== quote.currency) return { kind: 'day-rate', late: true };
  const pence = toUnits(quote.creditAmount, 2);
  const received = toUnits(deposit.amount, CRYPTO_SCALE);
  const asked = toUnits(quote.cryptoAmount, CRYPTO_SCALE);
  // bigint division truncates: all three are positive, so this floors.
  const amount = fromUnits((pence * received) / asked, 2);
  return { kind: 'locked', amount, rate: quote.creditRate, late: false };
}

/** A late or other-coin deposit at the day's rate (1 coin = `rate` GBP), floored to the penny. */
export function dayRateCredit(amount: string, rate: string): string {
  return multiply(amount, rate, 2, 'down');
}

/** Dust: a credit of nothing is marked credited but writes no ledger row. */
export function isDust(credit: string): boolean {
  return compareDecimal(credit, '0') <= 0;
}

/**
 * How many recent block hashes a network keeps: enough to walk back any reorganisation
 * that could touch an uncredited or a recently credited deposit.
 */
export function keptBlocks(confirmations: number): number {
  return Math.max(2 * confirmations, 100);
}

/** Credited deposits whose blocks are still checked for replacement: the last 2 × required blocks. */
export function recheckFrom(tip: number, confirmations: number): number {
  return tip - 2 * confirmations + 1;
}

/**
 * Where a network's first scan starts (the cursor: the last block taken as scanned).
 * With no watched quote open, the block `confirmations` below the tip; with one, the
 * last block mined before the oldest was handed out (`beforeOldest`), so a payment made
 * while no watcher ran is still found, never later than the former. Never below 0.
 */
export function firstCursor(
  tip: number,
  confirmations: number,
  beforeOldest: number | null = null,
): number {
  const fromTip = Math.max(tip - confirmations, 0);
  return beforeOldest === null ? fromTip : Math.max(Math.min(beforeOldest, fromTip), 0);
}

/**
 * Miners' clocks: a block may claim a time up to two hours ahead of the network's
 * (Bitcoin's rule), and block times only roughly rise. A block found this far before a
 * quote was made was surely mined before it.
 */
export const BLOCK_CLOCK_MARGIN_MS = 2 * 3_600_000;

/**
 * The highest height in [0, tip] whose block claims a time before `before` less the
 * margin, by binary search (about log2(tip) blocks read); -1 when none does.
 */
export async function lastBlockBefore(
  before: Date,
  tip: number,
  timeAt: (height: number) => Promise<Date>,
): Promise<number> {
  const target = before.getTime() - BLOCK_CLOCK_MARGIN_MS;
  let lo = -1;
  let hi = tip;
  while (lo < hi) {
    const mid = Math.floor((lo + hi + 1) / 2);
    if ((await timeAt(mid)).getTime() < target) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * How long a deposit seen with no block may go unseen (gone from the node's mempool, in
 * no scanned block) before it is dropped: well past a pass's race between reading the
 * blocks and the mempool, and a node's restart. Found again later, it is seen again.
 */
export const DROP_AFTER_MS = 30 * 60_000;
