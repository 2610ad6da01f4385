import {
  capRefusal,
  compareDecimal,
  destinationRefusal,
  type GuardrailRefusal,
  MIN_SMS_BALANCE,
  type SpendingLimits,
  spentToday,
  subtract,
} from '@parley/shared';
import { guardrailError } from '../../lib/guardrail-error.js';

/**
 * The SMS spending rule: pure, judged by the service on the facts the repo reads (the
 * customer's limits, the day's debits, the balance and what calls hold of it).
 */

/** The facts a charge is judged on (db/guardrails.ts reads them). */
export interface SpendingFacts {
  limits: SpendingLimits | null;
  netDebits: string;
  held: string;
  balance: string;
}

/** A limit that refuses a charge, and the recipient it refuses when it is one's. */
export interface Refused {
  refusal: GuardrailRefusal;
  recipient: string | null;
}

/** A priced message the spending limits judge: its country and one segment's GBP price. */
interface Judged {
  recipient: string;
  country: string;
  unitGbp: string;
}

/** The first message the limits refuse, else the total against the daily cap. */
export function judge(
  state: SpendingFacts,
  list: readonly Judged[],
  total: string,
): Refused | null {
  for (const m of list) {
    const refusal = destinationRefusal(state.limits, 'sms', m.country, m.unitGbp);
    if (refusal) return { refusal, recipient: m.recipient };
  }
  const refusal = capRefusal(state.limits, spentToday(state.netDebits, state.held), total);
  return refusal ? { refusal, recipient: null } : null;
}

export const refusedError = (r: Refused, many: boolean) =>
  guardrailError(r.refusal, many && r.recipient ? r.recipient : undefined);

/**
 * The balance cannot pay for messages costing `total`: it is under MIN_SMS_BALANCE, or
 * what calls do not hold of it is less than the total (the balance's CHECK would refuse
 * the charge).
 */
export const balanceShort = (state: { balance: string; held: string }, total: string) =>
  compareDecimal(state.balance, MIN_SMS_BALANCE) < 0 ||
  compareDecimal(subtract(state.balance, state.held, 4), total) < 0;

/**
 * Why a charge of `total` for `list` may not happen, or null. The limits first, so a
 * refusal says why before the balance is judged; the ledger judges the balance again as
 * it moves it.
 */
export function chargeRefusal(
  state: SpendingFacts,
  list: readonly Judged[],
  total: string,
): Refused | 'balance-too-low' | null {
  const refused = judge(state, list, total);
  if (refused) return refused;
  return balanceShort(state, total) ? 'balance-too-low' : null;
}

/**
 * Whether a judgement made on `judged` still holds for `now`, the facts read under the
 * lock as a charge of `total` is written. The same limits let the same destinations
 * through; with a daily cap, the day's spending may have moved, so the cap is judged
 * again (a concurrent send need not send this one round again). The balance is the
 * ledger's to judge as it moves it.
 */
export function judgementHolds(judged: SpendingFacts, now: SpendingFacts, total: string): boolean {
  if (JSON.stringify(judged.limits) !== JSON.stringify(now.limits)) return false;
  return capRefusal(now.limits, spentToday(now.netDebits, now.held), total) === null;
}
