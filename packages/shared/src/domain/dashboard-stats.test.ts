import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type SpendEntry, UNBOUNDED_DAYS } from './dashboard.js';
import { dashboardStats, remainingBudget, sharesOf } from './dashboard-stats.js';
import { add, compareDecimal, fromUnits } from './money.js';
import { RUNWAY_HORIZON_DAYS, runwayDays } from './renewals.js';

const NOW = new Date('2025-06-30T12:00:00.000Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();
/** Usage (SMS or calls) unless said otherwise: its rate carries into the month ahead. */
const entry = (
  amount: string,
  serviceName: string | null,
  days: number,
  status = 'approved',
  kind = 'sms',
) => ({
  amount,
  serviceName,
  at: ago(days),
  status,
  kind,
  usage: kind === 'sms' || kind === 'calls',
});

const stats = (spend: SpendEntry[], balance = '150.00', timeframeDays = 30) =>
  dashboardStats({ spend, balance, timeframeDays, transactionCount: spend.length, now: NOW });

describe('dashboardStats, known vectors', () => {
  const spend = [
    entry('12.50', 'SMS', 1),
    entry('7.5', 'SMS', 10, 'confirmed'),
    entry('30.00', 'VoIP', 20),
    entry('100.00', 'Pending thing', 2, 'pending'),
    entry('50.00', 'Refused thing', 3, 'rejected'),
    entry('40.00', '  ', 25),
    entry('99.00', 'Old', 40),
  ];

  it('totals confirmed and approved spending within the timeframe, with the dashboard formulas', () => {
    const s = stats(spend);
    expect(s).toMatchObject({
      balance: '150.00',
      totalSpent: '90.00',
      averageDailySpend: '3.00',
      projectedMonthlySpend: '90.00',
      projectedBalance: '60.00',
      transactionCount: 7,
      spendCount: 4,
    });
  });

  it('projects the month ahead from what renews plus the usage trend, never from one-off purchases', () => {
    const spend = [
      entry('400.00', 'SIP domain', 2, 'approved', 'purchases'),
      entry('25.00', 'Starter', 5, 'approved', 'purchases'),
      entry('6.00', 'SMS', 1),
      entry('3.00', 'Calls', 4, 'approved', 'calls'),
    ];
    const s = dashboardStats({
      spend,
      balance: '100.00',
      timeframeDays: 30,
      transactionCount: 4,
      now: NOW,
      recurringMonthly: '25.00',
    });
    // Everything spent counts as spent, by kind…
    expect(s.totalSpent).toBe('434.00');
    expect(s.spentByKind).toEqual([
      { kind: 'purchases', amount: '425.00' },
      { kind: 'sms', amount: '6.00' },
      { kind: 'calls', amount: '3.00' },
    ]);
    // …but the month ahead is the £25 renewal and £9 of usage a month, not £434.
    expect(s.projectedMonthlySpend).toBe('34.00');
    expect(s.projectedBalance).toBe('66.00');
    expect(s.projection[1]).toEqual({ day: 5, balance: '94.33' });
  });

  it('breaks spending down by service, unnamed as General, largest first', () => {
    // 44.44 %, 33.33 % and 22.22 %: the tenth they leave out goes to the largest remainder.
    expect(stats(spend).serviceBreakdown).toEqual([
      { serviceName: 'General', amount: '40.00', percentage: 44.5, count: 1 },
      { serviceName: 'VoIP', amount: '30.00', percentage: 33.3, count: 1 },
      { serviceName: 'SMS', amount: '20.00', percentage: 22.2, count: 2 },
    ]);
  });

  it('gives four weekly trends, Week 1 the oldest, whatever the timeframe', () => {
    const weeks = stats(spend, '150.00', 7).weeklyTrends;
    expect(weeks.map((w) => [w.label, w.amount, w.count])).toEqual([
      ['Week 1', '40.00', 1],
      ['Week 2', '30.00', 1],
      ['Week 3', '7.50', 1],
      ['Week 4', '12.50', 1],
    ]);
    expect(weeks[0]?.start).toBe(ago(28));
    expect(weeks[3]?.start).toBe(ago(7));
  });

  it('projects the balance every 5 days over 30, floored at zero', () => {
    expect(stats(spend).projection).toEqual([
      { day: 0, balance: '150.00' },
      { day: 5, balance: '135.00' },
      { day: 10, balance: '120.00' },
      { day: 15, balance: '105.00' },
      { day: 20, balance: '90.00' },
      { day: 25, balance: '75.00' },
      { day: 30, balance: '60.00' },
    ]);
    const poor = stats(spend, '10.00');
    expect(poor.projectedBalance).toBe('0.00');
    expect(poor.projection.at(-1)).toEqual({ day: 30, balance: '0.00' });
  });

  it('shows a new customer zeros, and a balance nobody spends from as 365+ (999)', () => {
    expect(stats([], '0.00')).toMatchObject({
      totalSpent: '0.00',
      averageDailySpend: '0.00',
      projectedMonthlySpend: '0.00',
      projectedBalance: '0.00',
      serviceBreakdown: [],
      transactionCount: 0,
    });
    expect(stats([], '0.00').weeklyTrends.map((w) => w.amount)).toEqual(Array(4).fill('0.00'));
    expect(stats([], '118.50').projectedBalance).toBe('118.50');
    // From the balance as shown: to the penny, rounded down.
    expect(stats([], '772.5552').projectedBalance).toBe('772.55');
    expect(stats([], '772.5552').projection[0]?.balance).toBe('772.55');
    // The days left are the runway's: unknown until it is given.
    expect(stats([], '118.50')).toMatchObject({
      remainingBudgetDays: null,
      remainingBudgetLabel: '…',
    });
  });

  it('rounds once: 10.00 over 30 days is 0.33 a day but 10.00 a month', () => {
    const s = stats([entry('10.00', 'SMS', 3)], '5.00');
    expect(s.averageDailySpend).toBe('0.33');
    expect(s.projectedMonthlySpend).toBe('10.00');
  });

  it('keeps the timeframe boundary: exactly 7 days ago is outside, just inside is in', () => {
    const s = stats([entry('1.00', 'A', 7), entry('2.00', 'B', 6.999)], '0', 7);
    expect(s.totalSpent).toBe('2.00');
    expect(s.spendingSeries).toHaveLength(7);
    expect(s.spendingSeries.at(0)?.amount).toBe('2.00');
  });

  it("puts a purchase made now in the last bar, which starts at today's local midnight", () => {
    // 00:30 local time: yesterday 23:30 is under 24 hours ago but on yesterday's date.
    const now = new Date(2025, 5, 30, 0, 30);
    const spend = [
      { amount: '5.00', serviceName: 'SMS', at: now, status: 'approved' },
      { amount: '3.00', serviceName: 'SMS', at: new Date(2025, 5, 29, 23, 30), status: 'approved' },
    ];
    for (const timeframeDays of [7, 30]) {
      const series = dashboardStats({
        spend,
        balance: '0',
        timeframeDays,
        transactionCount: 2,
        now,
      }).spendingSeries;
      expect(series).toHaveLength(timeframeDays);
      const today = series.at(-1);
      expect(today?.amount).toBe('5.00');
      expect(new Date(today?.start ?? '').getDate()).toBe(30);
      expect(today?.start).toBe(new Date(2025, 5, 30).toISOString());
      expect(series.at(-2)).toEqual({ start: new Date(2025, 5, 29).toISOString(), amount: '3.00' });
      expect(series[0]?.start).toBe(new Date(2025, 5, 31 - timeframeDays).toISOString());
    }
  });

  it('buckets the spending series by day, week or 30 days', () => {
    expect(stats(spend, '0', 90).spendingSeries).toHaveLength(13);
    const year = stats(spend, '0', 365);
    expect(year.spendingSeries).toHaveLength(13);
    expect(year.spendingSeries[0]?.start).toBe(ago(365));
    expect(year.spendingSeries.at(-1)).toEqual({ start: ago(30), amount: '90.00' });
    expect(year.totalSpent).toBe('189.00');
  });

  it('counts a time slightly in the future as now, and skips unreadable entries', () => {
    const s = stats([
      {
        amount: '5.00',
        serviceName: 'SMS',
        at: new Date(NOW.getTime() + 60_000),
        status: 'approved',
      },
      { amount: 'abc', serviceName: 'SMS', at: ago(1), status: 'approved' },
      { amount: '-4.00', serviceName: 'SMS', at: ago(1), status: 'approved' },
      { amount: '4.00', serviceName: 'SMS', at: 'not a date', status: 'approved' },
      { amount: '0.005', serviceName: null, at: ago(1), status: 'approved' },
    ]);
    expect(s.totalSpent).toBe('5.01');
    expect(s.weeklyTrends[3]?.count).toBe(2);
  });

  it('refuses a timeframe that is not a positive whole number of days', () => {
    expect(() => stats([], '0', 0)).toThrow(RangeError);
    expect(() => stats([], '0', 1.5)).toThrow(RangeError);
  });
});

describe('days left: one answer with the runway', () => {
  it('reads the days left from the runway, not from the month ahead spread evenly', () => {
    // £10, a £9 plan bought on 25 June renewing monthly, nothing else spent: 25 July is
    // paid (day 25), 25 August is not (day 56), so the balance lasts 56 days. Spread
    // evenly (£9 a month) it would read 33 days.
    const items = [{ id: 'p', anchor: new Date(NOW.getTime() - 5 * DAY), next: 1, amount: '9.00' }];
    const runway = runwayDays({ available: '10.00', items, dailyUsage: '0', now: NOW });
    expect(runway).toBe(56);
    const s = dashboardStats({
      spend: [],
      balance: '10.00',
      timeframeDays: 30,
      transactionCount: 0,
      now: NOW,
      recurringMonthly: '9.00',
      runwayDays: runway,
    });
    expect(s.remainingBudgetDays).toBe(56);
    expect(s.remainingBudgetLabel).toBe('56');
  });

  it("shows the runway's horizon and nothing spent as '365+', and an unknown runway as unknown", () => {
    expect(remainingBudget(0)).toEqual({ days: 0, label: '0' });
    expect(remainingBudget(364)).toEqual({ days: 364, label: '364' });
    expect(remainingBudget(RUNWAY_HORIZON_DAYS)).toEqual({ days: UNBOUNDED_DAYS, label: '365+' });
    expect(remainingBudget(null)).toEqual({ days: UNBOUNDED_DAYS, label: '365+' });
    expect(remainingBudget(undefined)).toEqual({ days: null, label: '…' });
  });
});

describe('dashboardStats, properties', () => {
  const pence = fc.bigInt({ min: 0n, max: 10_000_000n }).map((u) => fromUnits(u, 2));
  const spendEntry = fc.record({
    amount: pence,
    serviceName: fc.option(fc.constantFrom('SMS', 'VoIP', 'DID', ''), { nil: null }),
    at: fc.integer({ min: 0, max: 400 * DAY }).map((ms) => new Date(NOW.getTime() - ms)),
    status: fc.constantFrom('approved', 'confirmed', 'pending', 'rejected'),
  });
  const input = fc.record({
    spend: fc.array(spendEntry, { maxLength: 40 }),
    balance: pence,
    timeframe: fc.constantFrom(7, 30, 90, 365),
  });
  type Input = typeof input extends fc.Arbitrary<infer T> ? T : never;
  const run = ({ spend, balance, timeframe }: Input) =>
    dashboardStats({ spend, balance, timeframeDays: timeframe, transactionCount: 3, now: NOW });
  const total = (amounts: string[]) => amounts.reduce((a, b) => add(a, b, 2), '0.00');

  it('total spent is the exact sum of the counted entries in the timeframe', () => {
    fc.assert(
      fc.property(input, (i) => {
        const expected = total(
          i.spend
            .filter((e) => ['approved', 'confirmed'].includes(e.status))
            .filter((e) => NOW.getTime() - e.at.getTime() < i.timeframe * DAY)
            .map((e) => e.amount),
        );
        const s = run(i);
        expect(s.totalSpent).toBe(expected);
        expect(total(s.spendingSeries.map((p) => p.amount))).toBe(expected);
        expect(total(s.serviceBreakdown.map((b) => b.amount))).toBe(expected);
      }),
    );
  });

  it('gives the tenths rounding leaves out to the largest remainders', () => {
    // 98.75 % and 1.25 % each rounded half up showed 98.8 + 1.3 = 100.1 %.
    expect(sharesOf(['79.00', '1.00'], '80.00')).toEqual([98.8, 1.2]);
    expect(sharesOf(['1', '1', '1'], '3')).toEqual([33.4, 33.3, 33.3]);
    expect(sharesOf(['5', '0'], '5')).toEqual([100, 0]);
  });

  it('gives the spare tenth of equal shares to the first one shown', () => {
    const spend = ['B', 'C', 'A'].map((name) => entry('10.00', name, 1));
    expect(stats(spend).serviceBreakdown.map((b) => [b.serviceName, b.percentage])).toEqual([
      ['A', 33.4],
      ['B', 33.3],
      ['C', 33.3],
    ]);
  });

  it('shares lie in 0–100 and add up to exactly 100', () => {
    fc.assert(
      fc.property(input, (i) => {
        const shares = run(i).serviceBreakdown.map((b) => b.percentage);
        for (const p of shares) expect(p >= 0 && p <= 100).toBe(true);
        // In tenths, so that float addition cannot blur it: exactly 100.0 %.
        const tenths = shares.reduce((a, b) => a + Math.round(b * 10), 0);
        if (shares.some((p) => p > 0)) expect(tenths).toBe(1000);
      }),
    );
  });

  it('keeps projections within bounds, falling day by day', () => {
    fc.assert(
      fc.property(input, (i) => {
        const s = run(i);
        expect(compareDecimal(s.projectedBalance, '0')).toBeGreaterThanOrEqual(0);
        expect(compareDecimal(s.projectedBalance, s.balance)).toBeLessThanOrEqual(0);
        const balances = s.projection.map((p) => p.balance);
        for (let k = 1; k < balances.length; k++)
          expect(compareDecimal(balances[k] ?? '', balances[k - 1] ?? '')).toBeLessThanOrEqual(0);
        expect(s.projection.at(-1)?.balance).toBe(s.projectedBalance);
      }),
    );
  });

  it('does not depend on the order of the entries', () => {
    fc.assert(
      fc.property(input, fc.nat(), (i, seed) => {
        const shuffled = [...i.spend].sort(
          (a, b) => ((a.at.getTime() * 31 + seed) % 97) - ((b.at.getTime() * 31 + seed) % 97),
        );
        expect(run({ ...i, spend: shuffled })).toEqual(run(i));
      }),
    );
  });

  it('weekly trends hold what the last 28 days hold', () => {
    fc.assert(
      fc.property(input, (i) => {
        const s = dashboardStats({
          spend: i.spend,
          balance: i.balance,
          timeframeDays: 28,
          transactionCount: 0,
          now: NOW,
        });
        expect(total(s.weeklyTrends.map((w) => w.amount))).toBe(s.totalSpent);
      }),
    );
  });
});
