import { describe, expect, it } from 'vitest';
import { countryLabel, countryName, regionName } from './country-name';

describe('country names', () => {
  it('come from the browser by ISO code, in the page language', () => {
    expect(regionName('DE', 'de')).toBe('Deutschland');
    expect(regionName('DE', 'ar')).toBe('ألمانيا');
    expect(countryName('JP', 'fr')).toBe('Japon');
  });

  it('are null for a code the browser cannot name, the code where a name must show', () => {
    expect(regionName('XX', 'de')).toBeNull();
    expect(regionName('ZZ', 'de')).toBeNull();
    expect(regionName('not a code', 'de')).toBeNull();
    expect(countryName('XX', 'de')).toBe('XX');
  });

  it('of a price row fall back to its stored name without a known code', () => {
    expect(countryLabel({ countryCode: 'GB', countryName: 'United Kingdom' }, 'ja')).toBe(
      'イギリス',
    );
    expect(countryLabel({ countryCode: null, countryName: 'Kosovo' }, 'de')).toBe('Kosovo');
    expect(countryLabel({ countryCode: 'XX', countryName: 'Atlantis' }, 'de')).toBe('Atlantis');
  });
});
