import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { countryInMessage, countryName, regionName, unsupportedCountryName } from './country';

const refused = (message: string) => new ApiError(422, 'DESTINATION_NOT_SUPPORTED', message);

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

describe('countryInMessage', () => {
  it("reads the code out of the server's English", () => {
    expect(countryInMessage('Destination not supported: we do not send SMS to RU yet.')).toBe('RU');
    expect(countryInMessage('We do not serve numbers in KZ yet')).toBe('KZ');
  });

  it('finds nothing in a message of another shape', () => {
    expect(countryInMessage('Destination not supported.')).toBeNull();
    expect(countryInMessage('SMS nach RU sind noch nicht möglich.')).toBeNull();
    expect(countryInMessage('not yet')).toBeNull();
  });
});

describe('unsupportedCountryName', () => {
  const message = refused('Destination not supported: we do not send SMS to RU yet.');

  it("prefers the number's country to the server's message", () => {
    expect(unsupportedCountryName('KZ', message, 'en')).toBe('Kazakhstan');
  });

  it('falls back to the message when the number gives no country', () => {
    expect(unsupportedCountryName(null, message, 'en')).toBe('Russia');
    expect(unsupportedCountryName(undefined, message, 'ja')).toBe('ロシア');
    expect(unsupportedCountryName('Q1', message, 'en')).toBe('Russia');
  });

  it('gives null when neither names a country, so the generic message shows', () => {
    expect(unsupportedCountryName(null, refused('Destination not supported.'), 'en')).toBeNull();
    expect(unsupportedCountryName(null, new Error('to RU yet'), 'en')).toBeNull();
    expect(unsupportedCountryName(null, null, 'en')).toBeNull();
  });
});
