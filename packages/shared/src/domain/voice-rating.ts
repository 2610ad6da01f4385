import { compareDecimal, divide, multiply } from './money.js';

/**
 * How a call is billed: the first increment in full, then whole further increments,
 * e.g. `60/60` (a minute, then per minute) or `1/1` (per second).
 */
export interface Increments {
  first: number;
  next: number;
}

export const DEFAULT_VOICE_INCREMENTS = '60/60';
/** No single call outlasts this, whatever the balance or the plan covers. */
export const MAX_CALL_SECONDS = 4 * 60 * 60;
/** A call needs at least this much balance (GBP) to start. */
export const MIN_CALL_BALANCE = '0.10';
/** The ledger's precision: a call's cost is rounded up to it. */
const COST_SCALE = 4;

/** Minutes a plan includes per billing period; null is unlimited. */
export const PLAN_INCLUDED_MINUTES = {
  starter: 2000,
  professional: 5000,
  enterprise: null,
} as const satisfies Record<string, number | null>;

const INCREMENTS = /^(\d{1,4})\/(\d{1,4})$/;

/** `first/next` in whole seconds, each 1 to 3600; null when the text is not that. */
export function parseIncrements(text: string): Increments | null {
  const match = INCREMENTS.exec(text.trim());
  if (!match) return null;
  const first = Number(match[1]);
  const next = Number(match[2]);
  const valid = (n: number) => Number.isInteger(n) && n >= 1 && n <= 3600;
  return valid(first) && valid(next) ? { first, next } : null;
}

/** The seconds billed for a call that lasted `duration` seconds (0 if it never ran). */
export function billableSeconds(duration: number, { first, next }: Increments): number {
  const seconds = Math.ceil(Math.max(0, duration));
  if (seconds === 0) return 0;
  if (seconds <= first) return first;
  return first + Math.ceil((seconds - first) / next) * next;
}

/** A price per minute in GBP: the destination's price times the rate to GBP, rounded up. */
export function ratePerMinuteInGbp(price: string, rateToGbp: string | null): string {
  return multiply(price, rateToGbp ?? '1', COST_SCALE, 'up');
}

/** What `seconds` cost at `ratePerMinute`, rounded up to the ledger's precision. */
export function callCost(ratePerMinute: string, seconds: number): string {
  const perMinute = multiply(ratePerMinute, String(Math.max(0, Math.ceil(seconds))), 8, 'up');
  return divide(perMinute, '60', COST_SCALE, 'up');
}

export interface CallRating {
  billableSeconds: number;
  /** Taken from the plan's included minutes, free of charge. */
  includedSeconds: number;
  chargedSeconds: number;
  cost: string;
}

/**
 * A finished call's bill: its billable seconds come first from the plan's included
 * seconds left (null: unlimited), and only the rest is charged at the rate.
 */
export function rateCall(call: {
  durationSeconds: number;
  increments: Increments;
  ratePerMinute: string;
  includedSecondsLeft: number | null;
}): CallRating {
  const billable = billableSeconds(call.durationSeconds, call.increments);
  const left = call.includedSecondsLeft === null ? billable : Math.max(0, call.includedSecondsLeft);
  const included = Math.min(billable, left);
  const charged = billable - included;
  return {
    billableSeconds: billable,
    includedSeconds: included,
    chargedSeconds: charged,
    cost: callCost(call.ratePerMinute, charged),
  };
}

/**
 * The longest a call may last so that its bill never exceeds `available` (the balance
 * left after other calls' holds): the largest increment boundary the plan's included
 * seconds and the money cover, capped at MAX_CALL_SECONDS. 0 means it cannot start.
 */
export function maxCallSeconds(call: {
  available: string;
  increments: Increments;
  ratePerMinute: string;
  includedSecondsLeft: number | null;
}): number {
  if (call.includedSecondsLeft === null || compareDecimal(call.ratePerMinute, '0') <= 0)
    return MAX_CALL_SECONDS;
  const money =
    compareDecimal(call.available, '0') <= 0
      ? 0
      : Number(divide(multiply(call.available, '60', 8, 'down'), call.ratePerMinute, 0, 'down'));
  const covered = Math.max(0, call.includedSecondsLeft) + money;
  const { first, next } = call.increments;
  if (covered < first) return 0;
  const seconds = first + Math.floor((covered - first) / next) * next;
  return Math.min(seconds, MAX_CALL_SECONDS);
}
