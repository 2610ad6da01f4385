import { compareDecimal, divide, fromUnits, multiply, toUnits } from './money.js';

/**
 * Monthly billing periods, counted from the purchase (the anchor): period `n` starts `n`
 * calendar months on, on the anchor's day of the month at its time of day (UTC), or on
 * the last day of a month too short for that day. Every period is computed from the
 * anchor, never from the period before, so a 31st renews on the 28th/29th of February
 * and on the 31st again in March.
 */
export function monthlyPeriodStart(anchor: Date, n: number): Date {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`No billing period ${n}`);
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + n;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/** The period `at` falls in: the last one that has started by then (0 before the first renewal). */
export function monthlyPeriodAt(anchor: Date, at: Date): number {
  if (at < anchor) return 0;
  const months =
    (at.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + at.getUTCMonth() - anchor.getUTCMonth();
  // The month count is the answer or one too many (the day or time not reached yet).
  let n = Math.max(0, months);
  while (n > 0 && monthlyPeriodStart(anchor, n) > at) n -= 1;
  return n;
}

/**
 * An order's state: `active`; `grace` (a renewal went unpaid: still working, retried
 * daily and at every top-up); `suspended` (grace ran out: stopped); `cancelled` (ended).
 */
export const ORDER_STATUSES = ['active', 'grace', 'suspended', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The states in which an item works: its numbers route, its plan's lines count. */
export const IN_SERVICE = ['active', 'grace'] as const satisfies readonly OrderStatus[];

/** What `grantsAllowance` reads of an order. */
export interface AllowanceState {
  status: string;
  renewsAt: Date | null;
  autoRenew: boolean;
}

/**
 * Whether an item gives what its period includes (a plan's minutes) at `now`: only a paid
 * period does. An item in grace keeps working, but its period is unpaid, so it gives
 * nothing (calls are rated at the price, within the balance); suspended and ended items
 * give nothing either. The paid period ends at `renewsAt`, renewing or not: a due
 * renewal grants the next period only once the renewal job has charged it (which moves
 * `renewsAt` on), or calls started in between could hold a month's minutes the balance
 * never paid for. A one-off item (no `renewsAt`) is paid for good.
 */
export function grantsAllowance(o: AllowanceState, now: Date): boolean {
  if (o.status !== 'active') return false;
  return o.renewsAt === null || o.renewsAt > now;
}

const DAY_MS = 86_400_000;

/** An item that will renew: from when, for how much (GBP), counted from its purchase. */
export interface Renewing {
  id: string;
  anchor: Date;
  /** The next period to pay; due at monthlyPeriodStart(anchor, next), or now when past. */
  next: number;
  amount: string;
}

/** Each renewal of these items from now until `until`, in date order (past ones due now). */
export function renewalsUntil(items: readonly Renewing[], now: Date, until: Date) {
  const out: { id: string; period: number; at: Date; amount: string }[] = [];
  for (const item of items) {
    for (let n = item.next; ; n += 1) {
      const start = monthlyPeriodStart(item.anchor, n);
      if (start > until) break;
      out.push({ id: item.id, period: n, at: start < now ? now : start, amount: item.amount });
    }
  }
  return out.sort((a, b) => a.at.getTime() - b.at.getTime() || a.id.localeCompare(b.id));
}

/** The runway is counted this far ahead at most; beyond it, the balance "covers a year". */
export const RUNWAY_HORIZON_DAYS = 365;

/**
 * How many whole days the available balance covers: renewals as they fall due, and usage
 * at `dailyUsage` a day. Null when nothing is spent at all (no renewals, no usage);
 * RUNWAY_HORIZON_DAYS when it lasts at least that long.
 */
export function runwayDays(input: {
  available: string;
  items: readonly Renewing[];
  dailyUsage: string;
  now: Date;
}): number | null {
  const { now } = input;
  const usage = toUnits(input.dailyUsage, 4);
  if (input.items.length === 0 && usage <= 0n) return null;
  const horizon = new Date(now.getTime() + RUNWAY_HORIZON_DAYS * DAY_MS);
  const due = renewalsUntil(input.items, now, horizon);
  let left = toUnits(input.available, 4);
  let i = 0;
  for (let day = 0; day < RUNWAY_HORIZON_DAYS; day += 1) {
    const end = new Date(now.getTime() + (day + 1) * DAY_MS);
    for (; i < due.length && (due[i] as { at: Date }).at < end; i += 1) {
      left -= toUnits((due[i] as { amount: string }).amount, 4);
      if (left < 0n) return day;
    }
    left -= usage;
    if (left < 0n) return day;
  }
  return RUNWAY_HORIZON_DAYS;
}

/**
 * The renewals within `days` that the available balance cannot cover, taken in date
 * order (an earlier renewal is paid first), each with the shortfall at that point.
 */
export function uncoveredRenewals(input: {
  available: string;
  items: readonly Renewing[];
  now: Date;
  days: number;
}) {
  const until = new Date(input.now.getTime() + input.days * DAY_MS);
  let left = toUnits(input.available, 4);
  const out: { id: string; period: number; at: Date; amount: string; shortfall: string }[] = [];
  for (const r of renewalsUntil(input.items, input.now, until)) {
    left -= toUnits(r.amount, 4);
    if (left < 0n) out.push({ ...r, shortfall: fromUnits(-left, 4) });
  }
  return out;
}

/**
 * What each renewal of a monthly item charges, GBP: the monthly share of what its
 * purchase charged (the whole of it for a plan; a number's setup fee is not renewed), so
 * renewals follow the purchase's price and rate, however it was paid. Null for a one-off.
 */
export function renewalChargeOf(
  item: { billingPeriod: string; price: string; recurringPrice: string | null },
  charged: string,
): string | null {
  if (item.billingPeriod !== 'monthly' || item.recurringPrice === null) return null;
  if (compareDecimal(item.price, '0') <= 0) return '0.00';
  return divide(multiply(charged, item.recurringPrice, 4, 'half-up'), item.price, 2, 'half-up');
}
