import {
  callCost,
  capLeft,
  compareDecimal,
  destinationRefusal,
  type GuardrailRefusal,
  type Increments,
  MIN_CALL_BALANCE,
  maxCallSeconds,
  OPEN_CALL_STATUSES,
  type PlanAllowance,
  parseIncrements,
  rateCall,
  spentToday,
  subtract,
} from '@parley/shared';
import type {
  AccountState,
  Authorisation,
  CallRow,
  NewCall,
  Settlement,
} from './call-state.repo.js';

/**
 * Why a call may not start (the edge's deny reasons share these names), or which of the
 * customer's spending limits stops it.
 */
export type Refusal =
  | 'ACCOUNT_DISABLED'
  | 'INSUFFICIENT_BALANCE'
  | 'CONCURRENT_CALL_LIMIT'
  | GuardrailRefusal;

/** A call still dialing, ringing or answered: not settled yet. */
export const isOpenCall = (status: string) =>
  (OPEN_CALL_STATUSES as readonly string[]).includes(status);

export interface CallPrice {
  country: string;
  price: string;
  priceCurrency: string;
  rate: string | null;
  ratePerMinute: string;
}

/**
 * What is left to spend, and the included seconds left, once other calls' holds count;
 * `budget` is what a call may cost: the available balance, or less when the daily cap
 * leaves less (`capBinds`).
 */
export function headroom(state: AccountState, allowance: PlanAllowance) {
  const available = subtract(state.balance, state.held, 4);
  const includedLeft =
    allowance.includedSeconds === null
      ? null
      : Math.max(0, allowance.includedSeconds - state.includedUsed - state.includedHeld);
  const spent = spentToday(state.netDebits ?? '0', state.held);
  const left = capLeft(state.limits ?? null, spent);
  const capBinds = left !== null && compareDecimal(left, available) < 0;
  return { available, includedLeft, budget: capBinds ? (left ?? '0') : available, capBinds, spent };
}

/**
 * May this call start, and with what hold? At least £0.10 free after other holds, a free
 * line under the plan's limit, and a maximum duration of at least one increment; the
 * hold is what that maximum would cost after the included seconds it reserves.
 */
export function decideCall(
  state: AccountState,
  input: {
    allowance: PlanAllowance;
    price: CallPrice;
    increments: Increments;
    incrementsText: string;
    /** A trunk's call: its channels are the limit, not the plan's concurrent calls. */
    channels?: number;
    values: Omit<
      NewCall,
      keyof CallPrice | 'increments' | 'maxSeconds' | 'hold' | 'includedHeld' | 'country'
    >;
  },
): Authorisation<Refusal> {
  if (state.disabled) return { ok: false, refusal: 'ACCOUNT_DISABLED' };
  const limits = state.limits ?? null;
  const { country, ratePerMinute } = input.price;
  const refused = destinationRefusal(limits, 'voice', country, ratePerMinute);
  if (refused) return { ok: false, refusal: refused };
  const { available, includedLeft, budget, capBinds, spent } = headroom(state, input.allowance);
  if (compareDecimal(available, MIN_CALL_BALANCE) < 0)
    return { ok: false, refusal: 'INSUFFICIENT_BALANCE' };
  if (state.openCalls >= (input.channels ?? input.allowance.concurrentCalls))
    return { ok: false, refusal: 'CONCURRENT_CALL_LIMIT' };
  // The cap limits a call as the balance does: its longest length must fit both.
  const max = maxCallSeconds({
    available: budget,
    increments: input.increments,
    ratePerMinute,
    includedSecondsLeft: includedLeft,
  });
  if (max === 0 && capBinds)
    return {
      ok: false,
      refusal: {
        code: 'GUARDRAIL_DAILY_CAP',
        params: { cap: limits?.dailySpendCap ?? '0', spent, remaining: budget },
      },
    };
  if (max === 0) return { ok: false, refusal: 'INSUFFICIENT_BALANCE' };
  const includedHeld = includedLeft === null ? null : Math.min(includedLeft, max);
  const hold = callCost(input.price.ratePerMinute, max - (includedHeld ?? max));
  return {
    ok: true,
    call: {
      ...input.values,
      ...input.price,
      increments: input.incrementsText,
      maxSeconds: max,
      hold,
      includedHeld,
    },
  };
}

export interface CallEnd {
  at: Date;
  cause: string;
  by: string;
  /** When the edge says when it was answered (null: never); else the record's. */
  answeredAt?: Date | null;
  quality?: { jitterMs?: number; lossPercent?: number; mos?: number };
}

const UNANSWERED: Record<string, Settlement['status']> = {
  busy: 'busy',
  no_answer: 'no_answer',
  failed: 'failed',
};

/**
 * A finished call's record: answered calls pay for their talk time (never beyond the
 * maximum the hold covers) in increments, included seconds first; others cost nothing.
 */
export function settlementOf(row: CallRow, end: CallEnd): Settlement {
  const answeredAt = end.answeredAt === undefined ? row.answeredAt : end.answeredAt;
  const quality = {
    jitterMs: end.quality?.jitterMs?.toFixed(2) ?? null,
    lossPercent: end.quality?.lossPercent?.toFixed(3) ?? null,
    mos: end.quality?.mos?.toFixed(2) ?? null,
  };
  if (!answeredAt)
    return {
      status: UNANSWERED[end.cause] ?? 'cancelled',
      answeredAt: null,
      endedAt: end.at,
      duration: 0,
      billableSeconds: 0,
      includedSeconds: 0,
      cost: '0',
      hangupCause: end.cause,
      hangupBy: end.by,
      ...quality,
    };
  const talked = Math.ceil((end.at.getTime() - answeredAt.getTime()) / 1000);
  const duration = Math.min(Math.max(0, talked), row.maxSeconds);
  const rating = rateCall({
    durationSeconds: duration,
    increments: parseIncrements(row.increments) ?? { first: 60, next: 60 },
    ratePerMinute: row.ratePerMinute,
    includedSecondsLeft: row.includedHeld,
  });
  const capped = compareDecimal(rating.cost, row.hold) > 0;
  return {
    status: 'ended',
    answeredAt,
    endedAt: end.at,
    duration,
    billableSeconds: rating.billableSeconds,
    includedSeconds: rating.includedSeconds,
    // The hold covers the maximum; the CHECK calls_cost_covered says so too.
    cost: capped ? row.hold : rating.cost,
    // A call billed after a late report holds only what the balance still had: the rest
    // of its talk time is recorded, not charged.
    uncharged: capped && row.lateReportAt ? subtract(rating.cost, row.hold, 4) : null,
    // Parley asked the edge to end it (a hang-up on the page, an admin): that request,
    // not how the edge saw the BYE it sent, says why and by whom.
    hangupCause: row.hangupCause ?? end.cause,
    hangupBy: row.hangupBy ?? end.by,
    ...quality,
  };
}

/** Opening a settled call again as answered: when, until when, and what it holds. */
export interface Reopening {
  answeredAt: Date;
  lateReportAt: Date;
  deadlineAt: Date;
  hold: string;
}

/** A call on the edge that was settled without an answer, and never opened again since. */
export const settledUnanswered = (row: CallRow) =>
  !isOpenCall(row.status) &&
  row.answeredAt === null &&
  row.lateReportAt === null &&
  row.edgeCallId !== null;

/**
 * The edge reports an answer for a call already settled unanswered (its reports reached
 * Parley after the deadline job): the call is answered after all, from that moment. It
 * holds again what the balance still covers of its first hold (never more: the balance
 * cannot go below zero), and its deadline leaves the end still on its way time to come.
 * Null when the call is open, was answered, or was opened again before.
 */
export function lateAnswer(
  row: CallRow,
  input: { answeredAt: Date; at: Date; balance: string; held: string; graceMs: number },
): Reopening | null {
  if (!settledUnanswered(row)) return null;
  const available = subtract(input.balance, input.held, 4);
  const hold =
    compareDecimal(available, row.hold) >= 0
      ? row.hold
      : compareDecimal(available, '0') > 0
        ? available
        : '0';
  const answeredAt = new Date(Math.max(input.answeredAt.getTime(), row.createdAt.getTime()));
  const end = answeredAt.getTime() + row.maxSeconds * 1000 + input.graceMs;
  return {
    answeredAt,
    lateReportAt: input.at,
    deadlineAt: new Date(Math.max(end, input.at.getTime() + input.graceMs)),
    hold,
  };
}

/**
 * A calling plan of the customer is suspended and none is in service: no calls until it
 * is paid (or ended, for pay-as-you-go). `statuses` are their voice plans' order states.
 */
export const voicePlanSuspended = (statuses: readonly string[]) =>
  statuses.some((s) => s === 'suspended') && !statuses.some((s) => s !== 'suspended');
