import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  capLeft,
  capRefusal,
  destinationRefusal,
  guardrailAmountProblem,
  guardrailCountryProblem,
  ISO_COUNTRIES,
  lowBalanceStep,
  type SpendingLimits,
  spentToday,
  utcDayStart,
} from './guardrails.js';
import { add, compareDecimal, fromUnits } from './money.js';

const NONE: SpendingLimits = {
  dailySpendCap: null,
  smsCountries: null,
  voiceCountries: null,
  maxSmsPrice: null,
  maxMinutePrice: null,
};

describe('guardrail values', () => {
  it.each([
    ['0', null],
    ['5', null],
    ['0.0450', null],
    ['1000000', null],
    ['', 'REQUIRED'],
    ['-1', 'LIMIT_AMOUNT_INVALID'],
    ['1.23456', 'LIMIT_AMOUNT_INVALID'],
    ['1e3', 'LIMIT_AMOUNT_INVALID'],
    ['.5', 'LIMIT_AMOUNT_INVALID'],
    ['1000000.0001', 'AMOUNT_TOO_LARGE'],
    // Too many digits is too large, not malformed.
    ['99999999999999999999', 'AMOUNT_TOO_LARGE'],
  ])('amount %j → %s', (value, code) => {
    expect(guardrailAmountProblem(value)?.code ?? null).toBe(code);
  });

  it('knows every ISO country once, upper-case, and the numbering-only ones', () => {
    expect(new Set(ISO_COUNTRIES).size).toBe(ISO_COUNTRIES.length);
    expect(ISO_COUNTRIES.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
    for (const c of ['GB', 'US', 'XK', 'AC', 'TA']) expect(guardrailCountryProblem(c)).toBeNull();
    for (const c of ['gb', 'XX', 'UK', 'GBR'])
      expect(guardrailCountryProblem(c)).toEqual({
        code: 'COUNTRY_UNKNOWN',
        params: { country: c },
      });
  });
});

describe('a destination under the limits', () => {
  const limits = { ...NONE, smsCountries: ['GB'], maxSmsPrice: '0.05', maxMinutePrice: '0.02' };

  it('passes without limits, or inside the list at or under the price', () => {
    expect(destinationRefusal(null, 'sms', 'US', '9')).toBeNull();
    expect(destinationRefusal(NONE, 'voice', 'US', '9')).toBeNull();
    expect(destinationRefusal(limits, 'sms', 'GB', '0.05')).toBeNull();
    // Calls have their own list (here all) and their own price.
    expect(destinationRefusal(limits, 'voice', 'US', '0.0199')).toBeNull();
  });

  it('names the country first, then the price', () => {
    expect(destinationRefusal(limits, 'sms', 'US', '0.01')).toEqual({
      code: 'GUARDRAIL_COUNTRY',
      params: { service: 'sms', country: 'US' },
    });
    expect(destinationRefusal(limits, 'sms', 'GB', '0.0501')).toEqual({
      code: 'GUARDRAIL_PRICE',
      params: { service: 'sms', country: 'GB', price: '0.0501', limit: '0.05' },
    });
    expect(destinationRefusal(limits, 'voice', 'DE', '0.03')?.code).toBe('GUARDRAIL_PRICE');
  });
});

describe('the daily cap', () => {
  const capped = { ...NONE, dailySpendCap: '5.00' };

  it('counts net debits (never below nothing) and holds', () => {
    expect(spentToday('1.2000', '0.3000')).toBe('1.5000');
    expect(spentToday('-2.0000', '0.3000')).toBe('0.3000');
    expect(capLeft(capped, '1.5')).toBe('3.5000');
    expect(capLeft(capped, '7')).toBe('0.0000');
    expect(capLeft(NONE, '7')).toBeNull();
  });

  it('allows up to the cap exactly, and refuses a penny past it', () => {
    expect(capRefusal(capped, '4.96', '0.04')).toBeNull();
    expect(capRefusal(capped, '4.96', '0.0401')).toEqual({
      code: 'GUARDRAIL_DAILY_CAP',
      params: { cap: '5.00', spent: '4.96', remaining: '0.0400' },
    });
    expect(capRefusal(NONE, '1000', '1000')).toBeNull();
    // A cap of zero allows nothing that costs.
    expect(capRefusal({ ...NONE, dailySpendCap: '0' }, '0', '0.0001')?.code).toBe(
      'GUARDRAIL_DAILY_CAP',
    );
  });

  it('never lets spent + amount pass the cap; what costs nothing always passes (property)', () => {
    const units = fc.bigInt({ min: 0n, max: 10_000_000n }).map((u) => fromUnits(u, 4));
    fc.assert(
      fc.property(units, units, units, (cap, spent, amount) => {
        const ok = capRefusal({ ...NONE, dailySpendCap: cap }, spent, amount) === null;
        const free = compareDecimal(amount, '0') === 0;
        expect(ok).toBe(free || compareDecimal(add(spent, amount, 4), cap) <= 0);
      }),
    );
  });

  it('is a UTC day', () => {
    expect(utcDayStart(new Date('2026-03-29T00:30:00+02:00')).toISOString()).toBe(
      '2026-03-28T00:00:00.000Z',
    );
    expect(utcDayStart(new Date('2026-12-31T23:59:59.999Z')).toISOString()).toBe(
      '2026-12-31T00:00:00.000Z',
    );
  });
});

describe('the low-balance alert', () => {
  it.each([
    [null, '1', false, null],
    [null, '1', true, 'clear'],
    ['5', '4.9999', false, 'notify'],
    ['5', '4.9999', true, null],
    ['5', '5', true, 'clear'],
    ['5', '5', false, null],
  ] as const)('alert %s, balance %s, told %s → %s', (alert, balance, told, step) => {
    expect(lowBalanceStep(alert, balance, told)).toBe(step);
  });
});
