import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { countryName, regionName, unsupportedCountryName } from './country';

const refused = (country?: string) =>
  new ApiError(
    422,
    'DESTINATION_NOT_SUPPORTED',
    'Destination not supported.',
    null,
    {},
    {
      ...(country ? { country } : {}),
    },
  );

describe('country names', () => {
  it('names a country in the given language with Intl.DisplayNames', () => {
    expect(regionName('RU', 'en')).toBe('Russia');
    expect(regionName('RU', 'fr')).toBe('Russie');
    expect(regionName('DE', 'de')).toBe('Deutschland');
  });

  it('gives null (or the code, for countryName) when there is no name', () => {
    expect(regionName('Q1', 'en')).toBeNull();
    expect(regionName('', 'en')).toBeNull();
    expect(countryName('Q1', 'en')).toBe('Q1');
    expect(countryName('GB', 'en')).toBe('United Kingdom');
  });
});

describe('unsupportedCountryName', () => {
  const message = refused('RU');

  it("prefers the number's country to the refusal's", () => {
    expect(unsupportedCountryName('KZ', message, 'en')).toBe('Kazakhstan');
  });

  it("falls back to the refusal's country param when the number gives no country", () => {
    expect(unsupportedCountryName(null, message, 'en')).toBe('Russia');
    expect(unsupportedCountryName(undefined, message, 'ja')).toBe('ロシア');
    expect(unsupportedCountryName('Q1', message, 'en')).toBe('Russia');
  });

  it('gives null when neither names a country, so the generic message shows', () => {
    expect(unsupportedCountryName(null, refused(), 'en')).toBeNull();
    expect(unsupportedCountryName(null, new Error('to RU yet'), 'en')).toBeNull();
    expect(unsupportedCountryName(null, null, 'en')).toBeNull();
  });
});
