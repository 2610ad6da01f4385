/** The regions country prices are grouped by, in display order. */
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

/** How a package is billed. */
export const BILLING_PERIODS = ['monthly', 'one-time', 'per-message', 'per-minute'] as const;

/** The currencies catalogue prices are set in. */
export const CATALOGUE_CURRENCIES = ['GBP', 'USD'] as const;

/** Where a number is in its life: for sale, held for a pending payment, or sold. */
export const NUMBER_STATUSES = ['available', 'reserved', 'assigned'] as const;

/** The columns of the country-pricing CSV, in export order. */
export const COUNTRY_PRICING_CSV_COLUMNS = [
  'countryName',
  'countryCode',
  'region',
  'smsPrice',
  'voipPrice',
  'didPrice',
  'sipTrunkPrice',
  'currency',
  'isActive',
] as const;

/** The columns of the numbers CSV. */
export const NUMBER_CSV_COLUMNS = [
  'number',
  'countryCode',
  'city',
  'type',
  'monthlyPrice',
  'setupPrice',
  'currency',
  'features',
  'status',
] as const;
