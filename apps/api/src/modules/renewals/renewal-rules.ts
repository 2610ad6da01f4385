import {
  compareDecimal,
  monthlyPeriodAt,
  monthlyPeriodStart,
  type OrderStatus,
} from '@parley/shared';

const DAY_MS = 86_400_000;

export interface RenewalSettings {
  /** How long an unpaid item keeps working before it is suspended. */
  graceMs: number;
  /** How long a suspended item waits for payment before it ends (a number is released). */
  releaseMs: number;
  /** How far ahead a renewal the balance cannot cover is announced. */
  reminderMs: number;
}

/** What the rules need of an order. */
export interface RenewalState {
  status: OrderStatus;
  createdAt: Date;
  renewsAt: Date | null;
  paidThrough: number;
  autoRenew: boolean;
  graceUntil: Date | null;
  retryAt: Date | null;
  suspendedAt: Date | null;
}

/** The next thing to do with an order now; after a charge, the rules are asked again. */
export type RenewalStep =
  | { kind: 'none' }
  /** Pay period `period`; the order is active again and renews at `renewsAt`. */
  | { kind: 'charge'; period: number; renewsAt: Date }
  /** The charge failed: keep working until `graceUntil`, try again at `retryAt`. */
  | { kind: 'grace'; graceUntil: Date; retryAt: Date }
  | { kind: 'retry-later'; retryAt: Date }
  | { kind: 'suspend'; at: Date }
  /** It ends: renewal was switched off (`ended`) or a suspension ran out (`released`). */
  | { kind: 'end'; at: Date; why: 'ended' | 'released' };

/** A daily retry: a renewal in grace is tried again this long after the last try. */
export const RETRY_MS = DAY_MS;

/**
 * One step of an order's renewal at `now`. `covers`: the available balance pays the
 * renewal. `topUp`: money just arrived, so an item in grace is tried at once, and a
 * suspended one is reactivated.
 */
export function renewalStep(
  o: RenewalState,
  now: Date,
  covers: boolean,
  settings: RenewalSettings,
  topUp = false,
): RenewalStep {
  const paid = (period = o.paidThrough + 1) => ({
    kind: 'charge' as const,
    period,
    renewsAt: monthlyPeriodStart(o.createdAt, period + 1),
  });
  const later = (ms: number) => new Date(now.getTime() + ms);
  switch (o.status) {
    case 'active': {
      if (!o.renewsAt || o.renewsAt > now) return { kind: 'none' };
      if (!o.autoRenew) return { kind: 'end', at: o.renewsAt, why: 'ended' };
      if (covers) return paid();
      // Grace counts from the failed charge: a job that was down costs the customer nothing.
      return { kind: 'grace', graceUntil: later(settings.graceMs), retryAt: later(RETRY_MS) };
    }
    case 'grace': {
      const expired = o.graceUntil !== null && o.graceUntil <= now;
      const retry = topUp || expired || (o.retryAt !== null && o.retryAt <= now);
      if (!retry) return { kind: 'none' };
      if (covers) return paid();
      if (expired) return { kind: 'suspend', at: o.graceUntil as Date };
      return { kind: 'retry-later', retryAt: later(RETRY_MS) };
    }
    case 'suspended': {
      // Money arrived: reactivated by paying the period running now (see reactivationPeriod).
      if (topUp && covers) return paid(reactivationPeriod(o, now));
      const releaseAt = releaseTime(o, settings);
      return releaseAt && releaseAt <= now
        ? { kind: 'end', at: releaseAt, why: 'released' }
        : { kind: 'none' };
    }
    default:
      return { kind: 'none' };
  }
}

/**
 * The period a reactivation pays: in grace, the unpaid one (the item was in service);
 * suspended, the one running now (periods spent suspended are not charged).
 */
export function reactivationPeriod(
  o: Pick<RenewalState, 'status' | 'paidThrough' | 'createdAt'>,
  now: Date,
): number {
  const next = o.paidThrough + 1;
  return o.status === 'suspended' ? Math.max(next, monthlyPeriodAt(o.createdAt, now)) : next;
}

/** When a suspended item ends unless it is paid. */
export function releaseTime(o: Pick<RenewalState, 'suspendedAt'>, settings: RenewalSettings) {
  return o.suspendedAt ? new Date(o.suspendedAt.getTime() + settings.releaseMs) : null;
}

/** What each renewal of the order charges, GBP; null for an item that does not renew. */
export const renewalAmount = (o: { renewalCharge: string | null }) => o.renewalCharge;

/** The available balance pays this. */
export const balanceCovers = (available: string, amount: string) =>
  compareDecimal(available, amount) >= 0;

/**
 * What switching renewal on or off does: a one-off or ended item cannot change
 * ('refused'); off for an item in grace or suspended ends it now, as there is no paid
 * period left to run to ('end'); otherwise the flag is set ('set').
 */
export function autoRenewChange(
  o: { renewalCharge: string | null; status: string },
  autoRenew: boolean,
): 'refused' | 'end' | 'set' {
  if (o.renewalCharge === null || o.status === 'cancelled') return 'refused';
  return !autoRenew && o.status !== 'active' ? 'end' : 'set';
}

/**
 * May this item be reactivated, and what does it pay: only one in grace or suspended
 * that renews, and only when the available balance covers one period.
 */
export function reactivation(
  o: Pick<RenewalState, 'status' | 'paidThrough' | 'createdAt'> & { renewalCharge: string | null },
  available: string,
  now: Date,
):
  | { ok: false; refusal: 'state' }
  | { ok: false; refusal: 'balance'; amount: string }
  | { ok: true; amount: string; period: number; renewsAt: Date } {
  const amount = renewalAmount(o);
  if (amount === null || (o.status !== 'grace' && o.status !== 'suspended'))
    return { ok: false, refusal: 'state' };
  if (!balanceCovers(available, amount)) return { ok: false, refusal: 'balance', amount };
  const period = reactivationPeriod(o, now);
  return { ok: true, amount, period, renewsAt: monthlyPeriodStart(o.createdAt, period + 1) };
}
