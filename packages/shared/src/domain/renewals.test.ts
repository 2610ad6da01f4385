import { describe, expect, it } from 'vitest';
import { monthlyPeriodAt as periodAt, monthlyPeriodStart as periodStart } from './renewals.js';

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
