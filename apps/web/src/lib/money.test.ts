import { describe, expect, it } from 'vitest';
import { formatBalance, formatMoney, formatRate } from './money';

describe('formatMoney', () => {
  it('shows each amount in its own currency', () => {
    expect(formatMoney('99.00', 'GBP', 'en')).toBe('£99.00');
    expect(formatMoney('0.0079', 'USD', 'en', 4)).toBe('$0.0079');
    expect(formatMoney('12.5', 'USD', 'en')).toBe('$12.50');
  });

  it('uses the narrow symbol in every language (Arabic said "UK£" and "US$")', () => {
    for (const [currency, symbol] of [
      ['GBP', '£'],
      ['USD', '$'],
    ] as const) {
      const shown = formatMoney('14.5077', currency, 'ar', 4);
      expect(shown).toContain(symbol);
      expect(shown).not.toMatch(/UK|US|GB|[\u0621-\u064A]/);
    }
  });

  it('follows the language', () => {
    expect(formatMoney('1234.50', 'EUR', 'de')).toMatch(/^1\.234,50\s€$/);
  });
});

describe('formatBalance', () => {
  it('shows a balance with two decimals, rounded down so it never shows money not there', () => {
    expect(formatBalance('12.3456', 'en')).toBe('£12.34');
    expect(formatBalance('0.0099', 'en')).toBe('£0.00');
    expect(formatBalance('7.9999', 'en')).toBe('£7.99');
    expect(formatBalance('5', 'en')).toBe('£5.00');
    expect(formatBalance('', 'en')).toBe('£0.00');
  });

  it('rounds a debt away from zero too (floor): -£0.01 short shows as -£0.01', () => {
    expect(formatBalance('-0.0001', 'en')).toBe('-£0.01');
    expect(formatBalance('-2.50', 'en')).toBe('-£2.50');
  });

  it('keeps exact digits for large balances (no float on the way)', () => {
    expect(formatBalance('123456789012.9999', 'en')).toBe('£123,456,789,012.99');
  });

  it('follows the language, with the narrow £ in every one', () => {
    expect(formatBalance('1234.5678', 'de')).toMatch(/^1\.234,56\s£$/);
    const ar = formatBalance('14.5077', 'ar');
    expect(ar).toContain('£');
    expect(ar).not.toMatch(/UK|GB|[\u0621-\u064A]/);
    expect(ar).not.toMatch(/14[.,٫]51|١٤٫٥١/);
  });
});

describe('formatRate', () => {
  it('shows up to four decimals, at least two, for per-unit prices and rates', () => {
    expect(formatRate('0.0079', 'USD', 'en')).toBe('$0.0079');
    expect(formatRate('0.05', 'GBP', 'en')).toBe('£0.05');
    expect(formatRate('0.012000', 'GBP', 'en')).toBe('£0.0120');
    expect(formatRate('0.00125', 'GBP', 'en')).toBe('£0.0013');
    expect(formatRate('1.5', 'GBP', 'en')).toBe('£1.50');
  });
});
