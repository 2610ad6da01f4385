import { describe, expect, it } from 'vitest';
import {
  grantsAllowance,
  monthlyPeriodAt as periodAt,
  monthlyPeriodStart as periodStart,
  renewalsUntil,
  runwayDays,
  uncoveredRenewals,
} from './renewals.js';

const at = (iso: string) => new Date(iso);
const start = (anchor: string, n: number) => periodStart(at(anchor), n).toISOString();

describe('periodStart', () => {
  it('is the same day and time n calendar months after the purchase', () => {
    expect(start('2026-03-15T09:30:00.000Z', 0)).toBe('2026-03-15T09:30:00.000Z');
    expect(start('2026-03-15T09:30:00.000Z', 1)).toBe('2026-04-15T09:30:00.000Z');
    expect(start('2026-03-15T09:30:00.000Z', 12)).toBe('2027-03-15T09:30:00.000Z');
    expect(start('2026-11-20T00:00:00.000Z', 2)).toBe('2027-01-20T00:00:00.000Z');
  });

  it('takes the last day of a shorter month, and the anchor day again after it', () => {
    expect(start('2026-01-31T10:00:00.000Z', 1)).toBe('2026-02-28T10:00:00.000Z');
    expect(start('2026-01-31T10:00:00.000Z', 2)).toBe('2026-03-31T10:00:00.000Z');
    expect(start('2026-01-31T10:00:00.000Z', 3)).toBe('2026-04-30T10:00:00.000Z');
    expect(start('2028-01-31T10:00:00.000Z', 1)).toBe('2028-02-29T10:00:00.000Z');
    expect(start('2026-12-31T23:59:59.000Z', 2)).toBe('2027-02-28T23:59:59.000Z');
    expect(start('2026-05-30T00:00:00.000Z', 9)).toBe('2027-02-28T00:00:00.000Z');
  });

  it('refuses a period that cannot exist', () => {
    expect(() => periodStart(at('2026-01-01T00:00:00Z'), -1)).toThrow(RangeError);
    expect(() => periodStart(at('2026-01-01T00:00:00Z'), 1.5)).toThrow(RangeError);
  });
});

describe('periodAt', () => {
  const anchor = at('2026-01-31T10:00:00.000Z');
  it('is the last period started by then', () => {
    expect(periodAt(anchor, at('2026-01-31T10:00:00.000Z'))).toBe(0);
    expect(periodAt(anchor, at('2026-02-28T09:59:59.999Z'))).toBe(0);
    expect(periodAt(anchor, at('2026-02-28T10:00:00.000Z'))).toBe(1);
    expect(periodAt(anchor, at('2026-03-30T12:00:00.000Z'))).toBe(1);
    expect(periodAt(anchor, at('2026-03-31T10:00:00.000Z'))).toBe(2);
    expect(periodAt(anchor, at('2025-12-01T00:00:00.000Z'))).toBe(0);
  });

  it('agrees with periodStart over years of periods', () => {
    for (const a of [
      '2026-01-31T10:00:00.000Z',
      '2026-02-28T00:00:00.000Z',
      '2027-07-15T18:45:00.000Z',
    ])
      for (let n = 0; n < 60; n++) {
        const s = periodStart(at(a), n);
        expect(periodAt(at(a), s)).toBe(n);
        expect(periodAt(at(a), new Date(s.getTime() - 1))).toBe(Math.max(0, n - 1));
      }
  });
});

describe('renewalsUntil', () => {
  it('lists every renewal in the window in date order, an overdue one as due now', () => {
    const now = at('2026-03-10T00:00:00.000Z');
    const list = renewalsUntil(
      [
        { id: 'b', anchor: at('2026-01-31T10:00:00.000Z'), next: 1, amount: '5.00' },
        { id: 'a', anchor: at('2026-02-15T00:00:00.000Z'), next: 1, amount: '9.00' },
      ],
      now,
      at('2026-05-01T00:00:00.000Z'),
    );
    expect(list.map((r) => [r.id, r.period, r.at.toISOString()])).toEqual([
      ['b', 1, now.toISOString()], // 28 February, not paid yet: due now
      ['a', 1, '2026-03-15T00:00:00.000Z'],
      ['b', 2, '2026-03-31T10:00:00.000Z'],
      ['a', 2, '2026-04-15T00:00:00.000Z'],
      ['b', 3, '2026-04-30T10:00:00.000Z'],
    ]);
  });
});

describe('runwayDays', () => {
  const now = at('2026-03-01T12:00:00.000Z');
  const plan = (amount: string, anchor = '2026-02-11T12:00:00.000Z', next = 1) => ({
    id: 'p',
    anchor: at(anchor),
    next,
    amount,
  });

  it('is null when nothing is spent, and a year at most', () => {
    expect(runwayDays({ available: '10', items: [], dailyUsage: '0', now })).toBeNull();
    expect(runwayDays({ available: '100000', items: [], dailyUsage: '0.01', now })).toBe(365);
  });

  it('counts the days until a renewal or the usage cannot be paid', () => {
    // 20.00 pays the renewal of 11 March (10 days on) and leaves 5.00: 11 April (41 days on) fails.
    expect(runwayDays({ available: '20.00', items: [plan('15.00')], dailyUsage: '0', now })).toBe(
      41,
    );
    // Exactly enough is enough: 15.00 covers 11 March, nothing after.
    expect(runwayDays({ available: '15.00', items: [plan('15.00')], dailyUsage: '0', now })).toBe(
      41,
    );
    expect(runwayDays({ available: '14.99', items: [plan('15.00')], dailyUsage: '0', now })).toBe(
      10,
    );
    // Usage alone: 1.00 at 0.30 a day lasts 3 days (0.10 left), the 4th is short.
    expect(runwayDays({ available: '1.00', items: [], dailyUsage: '0.30', now })).toBe(3);
  });

  it('takes an unpaid renewal as due now', () => {
    const overdue = plan('15.00', '2026-01-20T00:00:00.000Z', 1); // due 20 February
    expect(runwayDays({ available: '10.00', items: [overdue], dailyUsage: '0', now })).toBe(0);
  });
});

describe('uncoveredRenewals', () => {
  it('names the renewals in the window the balance cannot pay, with the shortfall then', () => {
    const now = at('2026-03-01T00:00:00.000Z');
    const items = [
      { id: 'a', anchor: at('2026-02-03T00:00:00.000Z'), next: 1, amount: '10.00' },
      { id: 'b', anchor: at('2026-02-05T00:00:00.000Z'), next: 1, amount: '7.50' },
      { id: 'c', anchor: at('2026-02-20T00:00:00.000Z'), next: 1, amount: '1.00' },
    ];
    const short = uncoveredRenewals({ available: '12.00', items, now, days: 5 });
    // a (3 March) is paid; b (5 March) is 5.50 short; c (20 March) is outside 5 days.
    expect(short).toEqual([
      {
        id: 'b',
        period: 1,
        at: at('2026-03-05T00:00:00.000Z'),
        amount: '7.50',
        shortfall: '5.5000',
      },
    ]);
    expect(uncoveredRenewals({ available: '17.50', items, now, days: 5 })).toEqual([]);
  });
});

describe('grantsAllowance', () => {
  const now = at('2026-03-01T12:00:00.000Z');
  const item = (status: string, renewsAt: string | null, autoRenew = true) => ({
    status,
    renewsAt: renewsAt === null ? null : at(renewsAt),
    autoRenew,
  });

  it('gives a paid period its allowance, and a one-off item always', () => {
    expect(grantsAllowance(item('active', '2026-03-15T00:00:00.000Z'), now)).toBe(true);
    expect(grantsAllowance(item('active', '2026-03-15T00:00:00.000Z', false), now)).toBe(true);
    expect(grantsAllowance(item('active', null), now)).toBe(true);
  });

  it('gives an unpaid period nothing: grace, suspended, ended', () => {
    // The renewal of 20 February failed: the period running now is unpaid.
    expect(grantsAllowance(item('grace', '2026-02-20T00:00:00.000Z'), now)).toBe(false);
    expect(grantsAllowance(item('suspended', '2026-02-20T00:00:00.000Z'), now)).toBe(false);
    expect(grantsAllowance(item('cancelled', null), now)).toBe(false);
  });

  it('ends with the paid period, whether or not it renews, until the renewal is charged', () => {
    expect(grantsAllowance(item('active', '2026-03-01T12:00:00.000Z', false), now)).toBe(false);
    expect(grantsAllowance(item('active', '2026-03-01T12:00:00.001Z', false), now)).toBe(true);
    // Due and renewing, not yet charged: the new period is unpaid until the job charges it
    // (calls started meanwhile would otherwise hold the next month's minutes for free).
    expect(grantsAllowance(item('active', '2026-03-01T12:00:00.000Z'), now)).toBe(false);
    expect(grantsAllowance(item('active', '2026-03-01T12:00:00.001Z'), now)).toBe(true);
  });
});
