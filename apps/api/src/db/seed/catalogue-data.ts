import catalogue from './catalogue.json' with { type: 'json' };
import type { SeedCountryPrice, SeedNumber, SeedPackage, SeedService } from './catalogue-types.js';

/**
 * The starting catalogue (catalogue.json): every number is valid for its country
 * (libphonenumber-js), prices are plausible market rates, currencies are per row.
 */
export const SERVICES: SeedService[] = catalogue.services;
export const PACKAGES: SeedPackage[] = catalogue.packages as SeedPackage[];
export const COUNTRY_PRICES: SeedCountryPrice[] = catalogue.countryPrices as SeedCountryPrice[];
export const NUMBERS: SeedNumber[] = catalogue.numbers as SeedNumber[];
