import { describe, expect, it } from 'vitest';
import { countryOfNumber, destinationFor } from './destination.js';

const rows = [
  { countryCode: 'US', isActive: true, smsPrice: '0.0079' },
  { countryCode: 'GB', isActive: true, smsPrice: '0.0400' },
  { countryCode: 'FR', isActive: true, smsPrice: '0.0700' },
  { countryCode: 'DE', isActive: true, smsPrice: '0.0800' },
  { countryCode: 'JP', isActive: true, smsPrice: '0.0750' },
  { countryCode: 'BR', isActive: true, smsPrice: '0.0300' },
  { countryCode: 'NG', isActive: true, smsPrice: '0.1100' },
  { countryCode: 'CA', isActive: false, smsPrice: '0.0079' },
];

describe('countryOfNumber', () => {
  it.each([
    ['+14155552671', 'US'],
    ['+442071838750', 'GB'],
    ['+33 1 42 68 53 00', 'FR'],
    ['+4930901820', 'DE'],
    ['+81312345678', 'JP'],
    ['+5511987654321', 'BR'],
    ['+2348031234567', 'NG'],
    ['+16135550123', 'CA'],
  ])('%s is in %s', (number, country) => {
    expect(countryOfNumber(number)?.country).toBe(country);
  });

  it.each(['', '12345', '+999123456789', '+44 20 7183', 'not a number'])(
    '%j is not a valid number',
    (number) => {
      expect(countryOfNumber(number)).toBeNull();
    },
  );

  it('normalises to E.164', () => {
    expect(countryOfNumber('+33 1 42 68 53 00')?.e164).toBe('+33142685300');
  });
});

describe('destinationFor', () => {
  it("finds the country's active price row", () => {
    const result = destinationFor('+442071838750', rows);
    expect(result).toMatchObject({ ok: true, country: 'GB', price: { smsPrice: '0.0400' } });
  });

  it('refuses a country without a row, or with an inactive one', () => {
    expect(destinationFor('+61291234567', rows)).toEqual({
      ok: false,
      reason: 'not-supported',
      country: 'AU',
    });
    expect(destinationFor('+16135550123', rows)).toEqual({
      ok: false,
      reason: 'not-supported',
      country: 'CA',
    });
  });

  it.each([
    ['+449098790000', 'premium-rate', 'GB'],
    ['+19005550123', 'premium-rate', 'US'],
    ['+33820123456', 'shared-cost', 'FR'],
  ])('refuses %s as %s, though its country has a price', (number, reason, country) => {
    expect(destinationFor(number, rows)).toEqual({ ok: false, reason, country });
  });

  it('refuses an invalid number', () => {
    expect(destinationFor('+1555', rows)).toEqual({
      ok: false,
      reason: 'invalid-number',
      country: null,
    });
  });
});
