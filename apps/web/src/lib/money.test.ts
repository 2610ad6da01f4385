import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

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
