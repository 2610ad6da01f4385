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
/** The states in which an item works: its numbers route, its plan counts. */
export const IN_SERVICE = ['active', 'grace'] as const satisfies readonly OrderStatus[];
