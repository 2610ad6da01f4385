import type { CatalogueTranslations, TranslatedLanguage } from '@parley/shared';
import { TRANSLATED_LANGUAGES } from '@parley/shared';
import catalogue from './catalogue.json' with { type: 'json' };
import dictionary from './catalogue-translations.json' with { type: 'json' };
import type { SeedCountryPrice, SeedNumber, SeedPackage, SeedService } from './catalogue-types.js';

/**
 * The starting catalogue (catalogue.json): every number is valid for its country
 * (libphonenumber-js), prices are plausible market rates, currencies are per row.
 */
export const SERVICES: SeedService[] = catalogue.services;
export const PACKAGES: SeedPackage[] = catalogue.packages as SeedPackage[];
export const COUNTRY_PRICES: SeedCountryPrice[] = catalogue.countryPrices as SeedCountryPrice[];
export const NUMBERS: SeedNumber[] = catalogue.numbers as SeedNumber[];

/**
 * Each English text of the starting catalogue in the other nine languages
 * (catalogue-translations.json, keyed by the English text; a test keeps it complete).
 */
export const SEED_DICTIONARY: Record<
  string,
  Partial<Record<TranslatedLanguage, string>>
> = dictionary;

/** A seeded service's or package's translations, from the dictionary. */
export function seedTranslations(item: {
  name: string;
  description: string;
  features?: string[];
}): CatalogueTranslations {
  const translations: CatalogueTranslations = {};
  for (const code of TRANSLATED_LANGUAGES) {
    const word = (english: string) => SEED_DICTIONARY[english]?.[code] ?? '';
    translations[code] = {
      name: word(item.name),
      description: word(item.description),
      ...(item.features ? { features: item.features.map(word) } : {}),
    };
  }
  return translations;
}
