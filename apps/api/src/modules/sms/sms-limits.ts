import {
  capRefusal,
  compareDecimal,
  destinationRefusal,
  MIN_SMS_BALANCE,
  spentToday,
  subtract,
} from '@parley/shared';
import { guardrailError } from '../../lib/guardrail-error.js';
import type { Refused, SpendingState } from './sms.repo.js';

/** A priced message the spending limits judge: its country and one segment's GBP price. */
interface Judged {
  recipient: string;
  country: string;
  unitGbp: string;
}

/** The first message the limits refuse, else the total against the daily cap. */
export function judge(
  state: SpendingState,
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
