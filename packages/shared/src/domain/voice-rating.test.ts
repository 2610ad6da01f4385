import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDecimal } from './money.js';
import {
  billableSeconds,
  callCost,
  MAX_CALL_SECONDS,
  maxCallSeconds,
  parseIncrements,
  rateCall,
  ratePerMinuteInGbp,
} from './voice-rating.js';

const PER_MINUTE = { first: 60, next: 60 };
const PER_SECOND = { first: 1, next: 1 };
const THIRTY_SIX = { first: 30, next: 6 };

describe('parseIncrements', () => {
  it.each([
    ['60/60', PER_MINUTE],
    ['1/1', PER_SECOND],
    [' 30/6 ', THIRTY_SIX],
  ])('reads %s', (text, expected) => expect(parseIncrements(text)).toEqual(expected));

  it.each(['', '60', '60/', '/60', '0/60', '60/0', '60/3601', '-1/1', '1.5/1', '60/60/60', 'a/b'])(
    'refuses %j',
    (text) => expect(parseIncrements(text)).toBeNull(),
  );
});

describe('billableSeconds', () => {
  it.each([
    [0, PER_MINUTE, 0],
    [-5, PER_MINUTE, 0],
    [1, PER_MINUTE, 60],
    [60, PER_MINUTE, 60],
    [61, PER_MINUTE, 120],
    [125, PER_MINUTE, 180],
    [0.2, PER_SECOND, 1],
    [61, PER_SECOND, 61],
    [61.01, PER_SECOND, 62],
    [10, THIRTY_SIX, 30],
    [31, THIRTY_SIX, 36],
    [42, THIRTY_SIX, 42],
    [43, THIRTY_SIX, 48],
  ])('bills %s s with %o as %s s', (duration, increments, billed) =>
    expect(billableSeconds(duration, increments)).toBe(billed),
  );
});

describe('prices', () => {
  it('converts a destination price to GBP, rounding up to the fourth decimal', () => {
    expect(ratePerMinuteInGbp('0.0150', '0.79')).toBe('0.0119'); // 0.011850
    expect(ratePerMinuteInGbp('0.0100', '0.7901')).toBe('0.0080'); // 0.007901
    expect(ratePerMinuteInGbp('0.0200', null)).toBe('0.0200');
  });

  it('costs seconds at a rate per minute, rounded up to the fourth decimal', () => {
    expect(callCost('0.0120', 60)).toBe('0.0120');
    expect(callCost('0.0120', 61)).toBe('0.0122'); // exactly
    expect(callCost('0.0125', 61)).toBe('0.0128'); // 0.0127083…
    expect(callCost('0.0120', 1)).toBe('0.0002'); // 0.0002
    expect(callCost('0.0119', 1)).toBe('0.0002'); // 0.000198…
    expect(callCost('0.0119', 0)).toBe('0.0000');
  });
});

describe('rateCall', () => {
  const rate = '0.0120';

  it('charges the billed seconds when no minutes are included', () => {
    expect(
      rateCall({
        durationSeconds: 61,
        increments: PER_MINUTE,
        ratePerMinute: rate,
        includedSecondsLeft: 0,
      }),
    ).toEqual({ billableSeconds: 120, includedSeconds: 0, chargedSeconds: 120, cost: '0.0240' });
  });

  it('uses included minutes before the balance, and charges only the rest', () => {
    expect(
      rateCall({
        durationSeconds: 185,
        increments: PER_MINUTE,
        ratePerMinute: rate,
        includedSecondsLeft: 120,
      }),
    ).toEqual({ billableSeconds: 240, includedSeconds: 120, chargedSeconds: 120, cost: '0.0240' });
    expect(
      rateCall({
        durationSeconds: 185,
        increments: PER_SECOND,
        ratePerMinute: rate,
        includedSecondsLeft: 600,
      }),
    ).toEqual({ billableSeconds: 185, includedSeconds: 185, chargedSeconds: 0, cost: '0.0000' });
  });

  it('charges nothing on an unlimited plan or for a call that never ran', () => {
    expect(
      rateCall({
        durationSeconds: 3600,
        increments: PER_MINUTE,
        ratePerMinute: rate,
        includedSecondsLeft: null,
      }).cost,
    ).toBe('0.0000');
    expect(
      rateCall({
        durationSeconds: 0,
        increments: PER_MINUTE,
        ratePerMinute: rate,
        includedSecondsLeft: 0,
      }).cost,
    ).toBe('0.0000');
  });
});

describe('maxCallSeconds', () => {
  it('is the last increment boundary the included seconds and the money cover', () => {
    // £0.10 at £0.012/min buys 500 s: 8 whole minutes.
    const base = { available: '0.1000', ratePerMinute: '0.0120', includedSecondsLeft: 0 };
    expect(maxCallSeconds({ ...base, increments: PER_MINUTE })).toBe(480);
    expect(maxCallSeconds({ ...base, increments: PER_SECOND })).toBe(500);
    expect(maxCallSeconds({ ...base, increments: PER_MINUTE, includedSecondsLeft: 90 })).toBe(540);
    expect(maxCallSeconds({ ...base, increments: PER_MINUTE, available: '0.0100' })).toBe(0);
    expect(maxCallSeconds({ ...base, increments: PER_MINUTE, includedSecondsLeft: null })).toBe(
      MAX_CALL_SECONDS,
    );
    expect(maxCallSeconds({ ...base, increments: PER_SECOND, available: '1000' })).toBe(
      MAX_CALL_SECONDS,
    );
  });

  it('never lets a call cost more than what was available, and one increment more would', () => {
    const decimal = (max: number) =>
      fc.integer({ min: 0, max }).map((n) => (n / 10_000).toFixed(4));
    fc.assert(
      fc.property(
        decimal(2_000_000),
        decimal(50_000).filter((r) => compareDecimal(r, '0') > 0),
        fc.constantFrom(PER_MINUTE, PER_SECOND, THIRTY_SIX, { first: 6, next: 6 }),
        fc.integer({ min: 0, max: 600 }),
        (available, ratePerMinute, increments, includedSecondsLeft) => {
          const call = { available, ratePerMinute, increments, includedSecondsLeft };
          const seconds = maxCallSeconds(call);
          const bill = rateCall({
            durationSeconds: seconds,
            increments,
            ratePerMinute,
            includedSecondsLeft,
          });
          expect(compareDecimal(bill.cost, available)).toBeLessThanOrEqual(0);
          expect(bill.billableSeconds).toBe(seconds);
          if (seconds < MAX_CALL_SECONDS) {
            const longer = rateCall({
              durationSeconds: seconds + 1,
              increments,
              ratePerMinute,
              includedSecondsLeft,
            });
            expect(compareDecimal(longer.cost, available)).toBe(1);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
