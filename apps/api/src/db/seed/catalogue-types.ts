/** The shape of the catalogue a fresh install starts with (see catalogue-data.ts). */

export type Region =
  | 'Africa'
  | 'Asia (East & South)'
  | 'Asia (Southeast)'
  | 'Oceania'
  | 'Europe'
  | 'North America'
  | 'South America'
  | 'Middle East';

export interface SeedService {
  slug: string;
  name: string;
  description: string;
  /** A lucide icon name, e.g. 'message-square'. */
  icon: string;
}

export interface SeedPackage {
  serviceSlug: string;
  name: string;
  description: string;
  /** Decimal string, e.g. '99.00'. */
  price: string;
  currency: 'GBP' | 'USD';
  billingPeriod: 'monthly' | 'one-time' | 'per-message' | 'per-minute';
  features: string[];
  isPopular?: boolean;
  isAddon?: boolean;
  /** 'team' for what Parley cannot run itself (decision 0067); automatic when left out. */
  fulfilment?: 'automatic' | 'team';
}

export interface SeedCountryPrice {
  countryName: string;
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string;
  region: Region;
  /** Per SMS, up to 4 decimals. */
  smsPrice: string;
  /** Per minute, up to 4 decimals. */
  voipPrice: string;
  /** Monthly, 2 decimals. */
  didPrice: string;
  /** Monthly, 2 decimals. */
  sipTrunkPrice: string;
  currency: 'USD';
}

export interface SeedNumber {
  /** E.164, valid for its country according to libphonenumber-js. */
  number: string;
  countryCode: string;
  city: string | null;
  type: 'local' | 'tollfree' | 'mobile';
  /** Monthly, 2 decimals. */
  monthlyPrice: string;
  /** One-time, 2 decimals. */
  setupPrice: string;
  currency: 'USD';
  features: string[];
}
