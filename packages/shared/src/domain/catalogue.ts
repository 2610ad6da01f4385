/** The regions country prices are grouped by (SPEC §3), in display order. */
export const REGIONS = [
  'Africa',
  'Asia (East & South)',
  'Asia (Southeast)',
  'Oceania',
  'Europe',
  'North America',
  'South America',
  'Middle East',
] as const;
export type Region = (typeof REGIONS)[number];

/** The countries the DID page offers (ISO codes); names come from the browser's Intl. */
export const DID_COUNTRIES = [
  'US',
  'CA',
  'GB',
  'DE',
  'FR',
  'ES',
  'IT',
  'NL',
  'BE',
  'SE',
  'CH',
  'AT',
  'IE',
  'AU',
  'NZ',
  'JP',
  'SG',
  'HK',
  'BR',
  'MX',
] as const;

export const NUMBER_TYPES = ['local', 'tollfree', 'mobile'] as const;
export type NumberType = (typeof NUMBER_TYPES)[number];
