import {
  type DashboardStats,
  type DashboardStatsInput,
  DEFAULT_SERVICE_NAME,
  PROJECTION_DAYS,
  type ServiceShare,
  SHOWN_DAYS_LIMIT,
  SPENT_STATUSES,
  type SpendEntry,
  type SpendPoint,
  TREND_WEEKS,
  UNBOUNDED_DAYS,
  type WeekTrend,
} from './dashboard.js';
import {
  add,
  compareDecimal,
  divide,
  isDecimal,
  multiply,
  type Rounding,
  subtract,
} from './money.js';
import { RUNWAY_HORIZON_DAYS } from './renewals.js';

/**
 * The customer dashboard's statistics (tiles and optional cards), derived in the
 * browser from what the customer spent. Money stays a decimal string throughout:
 * every step is exact bigint arithmetic from money.ts, rounded once, half-up, to pence.
 *
 * What counts as spending is the caller's choice of entries. The dashboard passes every
 * debit of the ledger by day and kind (purchases, SMS, calls, an admin's debits); top-ups
 * are not spending. The month ahead is what renews monthly plus the usage trend (SMS and
 * calls): a one-off purchase is spent once, not every month.
 *
 * The days the balance lasts are not computed here: they are the runway (renewals.ts
 * `runwayDays`: renewals as they fall due, usage day by day, one-off purchases never),
 * which the caller passes in, so "Financial Projections" and "Renewals and runway" give
 * one answer.
 */

const DAY_MS = 86_400_000;
const SCALE = 2;

/** A money string rounded to pence, or null when it is not a non-negative decimal. */
function pence(value: string, rounding: Rounding = 'half-up'): string | null {
  const v = value.trim();
  if (!isDecimal(v) || v.startsWith('-')) return null;
  return multiply(v, '1', SCALE, rounding);
}

/**
 * The runway as the Financial Projections card shows it: the count of days, '365+' when it
 * reaches the runway's horizon or nothing is spent (999, unbounded), '…' while unknown.
 */
export function remainingBudget(runway: number | null | undefined): {
  days: number | null;
  label: string;
} {
  if (runway === undefined) return { days: null, label: '…' };
  if (runway === null || runway >= RUNWAY_HORIZON_DAYS)
    return { days: UNBOUNDED_DAYS, label: `${SHOWN_DAYS_LIMIT}+` };
  return { days: runway, label: String(runway) };
}

const ZERO = '0.00';
const atLeastZero = (v: string) => (compareDecimal(v, '0') < 0 ? ZERO : v);

interface Counted {
  amount: string;
  serviceName: string;
  kind: string;
  usage: boolean;
  /** Milliseconds before now (a future time, from clock skew, counts as now). */
  age: number;
  /** When it was paid, in epoch milliseconds, never after now. */
  at: number;
}

function countedEntries(spend: readonly SpendEntry[], now: Date): Counted[] {
  const out: Counted[] = [];
  for (const entry of spend) {
    if (!SPENT_STATUSES.includes(entry.status)) continue;
    const amount = pence(entry.amount);
    const at = new Date(entry.at).getTime();
    if (amount === null || Number.isNaN(at)) continue;
    const serviceName = entry.serviceName?.trim() || DEFAULT_SERVICE_NAME;
    out.push({
      amount,
      serviceName,
      kind: entry.kind ?? 'purchases',
      usage: entry.usage ?? false,
      age: Math.max(0, now.getTime() - at),
      at: Math.min(at, now.getTime()),
    });
  }
  return out;
}

const sum = (entries: readonly { amount: string }[]) =>
  entries.reduce((total, e) => add(total, e.amount, SCALE), ZERO);

/**
 * Each amount's share of `total` in percent to one decimal, adding up to exactly 100:
 * each is cut to its tenth, and the tenths still missing go to the largest remainders
 * (rounding each on its own could show 100.1 %).
 */
export function sharesOf(amounts: readonly string[], total: string): number[] {
  const exact = amounts.map((a) => divide(multiply(a, '1000', SCALE, 'half-up'), total, 6, 'down'));
  const tenths = exact.map((e) => Number(e.split('.')[0]));
  const rest = exact.map((e) => Number(e.split('.')[1] ?? '0'));
  let missing = 1000 - tenths.reduce((a, b) => a + b, 0);
  const byRest = rest.map((r, i) => ({ r, i })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRest) {
    if (missing <= 0) break;
    tenths[i] = (tenths[i] ?? 0) + 1;
    missing--;
  }
  return tenths.map((t) => t / 10);
}

function breakdown(entries: readonly Counted[], total: string): ServiceShare[] {
  const byName = new Map<string, { amount: string; count: number }>();
  for (const e of entries) {
    const prev = byName.get(e.serviceName) ?? { amount: ZERO, count: 0 };
    byName.set(e.serviceName, { amount: add(prev.amount, e.amount, SCALE), count: prev.count + 1 });
  }
  // In the order shown (largest first, then by name), so that of equal remainders the
  // first shown gets the spare tenth: a share never outgrows one listed above it.
  const services = [...byName]
    .map(([serviceName, { amount, count }]) => ({ serviceName, amount, count }))
    .sort(
      (a, b) => compareDecimal(b.amount, a.amount) || a.serviceName.localeCompare(b.serviceName),
    );
  const shares =
    compareDecimal(total, '0') > 0
      ? sharesOf(
          services.map((s) => s.amount),
          total,
        )
      : null;
  return services.map((s, i) => ({ ...s, percentage: shares?.[i] ?? 0 }));
}

function weeklyTrends(entries: readonly Counted[], now: Date): WeekTrend[] {
  const weekMs = 7 * DAY_MS;
  return Array.from({ length: TREND_WEEKS }, (_, i) => {
    const ago = TREND_WEEKS - 1 - i; // whole weeks back: Week 4 is 0
    const inWeek = entries.filter((e) => Math.floor(e.age / weekMs) === ago);
    return {
      week: i + 1,
      label: `Week ${i + 1}`,
      start: new Date(now.getTime() - (ago + 1) * weekMs).toISOString(),
      amount: sum(inWeek),
      count: inWeek.length,
    };
  });
}

/** Whole calendar days (in the runtime's time zone) from `at`'s date to `now`'s date. */
function calendarDaysBetween(at: number, now: Date): number {
  const day = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  return Math.round((day(now) - day(new Date(at))) / DAY_MS);
}

/**
 * Daily up to 30 days: one bar per calendar day in the runtime's (the browser's) time
 * zone, the last bar today, each starting at its local midnight, so a purchase lands on
 * the day it was made. The oldest bar also holds the part of the timeframe before its
 * midnight, so the bars always add up to the total. Longer timeframes: rolling weeks or
 * 30 days back from now, each starting where it starts.
 */
function spendingSeries(entries: readonly Counted[], days: number, now: Date): SpendPoint[] {
  if (days <= 30) {
    return Array.from({ length: days }, (_, i) => {
      const ago = days - 1 - i;
      const inBucket = entries.filter(
        (e) => Math.min(calendarDaysBetween(e.at, now), days - 1) === ago,
      );
      const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ago);
      return { start: start.toISOString(), amount: sum(inBucket) };
    });
  }
  const bucketDays = days <= 90 ? 7 : 30;
  const buckets = Math.ceil(days / bucketDays);
  const first = now.getTime() - days * DAY_MS;
  return Array.from({ length: buckets }, (_, i) => {
    const ago = buckets - 1 - i;
    const inBucket = entries.filter((e) => Math.floor(e.age / (bucketDays * DAY_MS)) === ago);
    const start = Math.max(first, now.getTime() - (ago + 1) * bucketDays * DAY_MS);
    return { start: new Date(start).toISOString(), amount: sum(inBucket) };
  });
}

/** Every figure of the dashboard's tiles and cards, from the spending it is given. */
export function dashboardStats(input: DashboardStatsInput): DashboardStats {
  const days = input.timeframeDays;
  if (!Number.isInteger(days) || days <= 0)
    throw new RangeError(`Timeframe must be a positive whole number of days: ${days}`);
  const period = String(days);
  // The balance as shown, to the penny rounded down (decision 0047): rounded half up,
  // the projections' "Day 0" showed a penny more than the balance card.
  const balance = pence(input.balance, 'down') ?? ZERO;
  const counted = countedEntries(input.spend, input.now);
  const inTimeframe = counted.filter((e) => e.age < days * DAY_MS);
  const totalSpent = sum(inTimeframe);

  // The month ahead: renewals plus usage × 30 / days (rounded once, half-up).
  const usage = sum(inTimeframe.filter((e) => e.usage));
  const recurring = pence(input.recurringMonthly ?? '0') ?? ZERO;
  const projectedMonthlySpend = add(
    recurring,
    divide(multiply(usage, String(PROJECTION_DAYS), SCALE, 'half-up'), period, SCALE, 'half-up'),
    SCALE,
  );
  // The month ahead's spend over its first n days.
  const overDays = (n: number) =>
    divide(
      multiply(projectedMonthlySpend, String(n), SCALE, 'half-up'),
      String(PROJECTION_DAYS),
      SCALE,
      'half-up',
    );

  const remaining = remainingBudget(input.runwayDays);

  const byKind = new Map<string, string>();
  for (const e of inTimeframe) byKind.set(e.kind, add(byKind.get(e.kind) ?? ZERO, e.amount, SCALE));
  const spentByKind = [...byKind]
    .map(([kind, amount]) => ({ kind, amount }))
    .sort((a, b) => compareDecimal(b.amount, a.amount) || a.kind.localeCompare(b.kind));

  return {
    balance,
    totalSpent,
    spentByKind,
    averageDailySpend: divide(totalSpent, period, SCALE, 'half-up'),
    projectedMonthlySpend,
    remainingBudgetDays: remaining.days,
    remainingBudgetLabel: remaining.label,
    projectedBalance: atLeastZero(subtract(balance, projectedMonthlySpend, SCALE)),
    serviceBreakdown: breakdown(inTimeframe, totalSpent),
    weeklyTrends: weeklyTrends(counted, input.now),
    spendingSeries: spendingSeries(inTimeframe, days, input.now),
    projection: Array.from({ length: PROJECTION_DAYS / 5 + 1 }, (_, i) => ({
      day: i * 5,
      balance: atLeastZero(subtract(balance, overDays(i * 5), SCALE)),
    })),
    transactionCount: input.transactionCount,
    spendCount: inTimeframe.length,
  };
}
