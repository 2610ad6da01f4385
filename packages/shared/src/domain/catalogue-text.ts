import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from './languages.js';

/**
 * A catalogue item's own words (a service's or a package's name, description and
 * features) in the languages besides English. English is the item's main fields; each
 * other language may give any of them, and what it leaves out is shown in English.
 */
export type TranslatedLanguage = Exclude<LanguageCode, 'en'>;

/** The languages a catalogue item may be translated into: all but English. */
export const TRANSLATED_LANGUAGES = LANGUAGE_CODES.filter(
  (code): code is TranslatedLanguage => code !== DEFAULT_LANGUAGE,
);

/** One language's words for an item; an empty or missing one falls back to English. */
export interface CatalogueText {
  name?: string;
  description?: string;
  /** By position: the n-th is the n-th English feature's translation. */
  features?: string[];
}

export type CatalogueTranslations = Partial<Record<TranslatedLanguage, CatalogueText>>;

/** What an admin may write for one language (the server checks the same limits). */
export const CATALOGUE_TEXT_LIMITS = {
  name: 100,
  description: 1000,
  feature: 200,
  features: 50,
} as const;

/**
 * The supported language a request names: its `lang` (a BCP 47 tag such as `de` or
 * `pt-BR`, matched by its first subtag); English when absent or not supported.
 */
export function catalogueLanguage(tag: string | null | undefined): LanguageCode {
  const primary = (tag ?? '').trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
  return (LANGUAGE_CODES as readonly string[]).includes(primary)
    ? (primary as LanguageCode)
    : DEFAULT_LANGUAGE;
}

interface Localizable {
  name: string;
  description: string;
  features?: string[];
}

/**
 * The item's words in `language`, each field falling back to English on its own: a
 * missing name, description or feature shows the English one. Features follow the
 * English list (its length and order); a translation's extra entries are ignored.
 */
export function localizeCatalogueText<T extends Localizable>(
  item: T,
  translations: CatalogueTranslations | null | undefined,
  language: string | null | undefined,
): T {
  const code = catalogueLanguage(language);
  const text = code === DEFAULT_LANGUAGE ? undefined : translations?.[code as TranslatedLanguage];
  if (!text) return item;
  const pick = (translated: string | undefined, english: string) =>
    translated?.trim() ? translated : english;
  const localized: T = {
    ...item,
    name: pick(text.name, item.name),
    description: pick(text.description, item.description),
  };
  if (item.features)
    localized.features = item.features.map((english, i) => pick(text.features?.[i], english));
  return localized;
}

/**
 * A name stored when an item was bought ("Starter (VoIP Calling)") in the reader's
 * language: the item's current translation while it is still sold under that English
 * name; the name as stored once the item is renamed or gone.
 */
export function localizeSoldName(
  stored: string,
  now: { name: string; translations: CatalogueTranslations } | undefined,
  language: string | null | undefined,
): string {
  if (!now || now.name !== stored) return stored;
  return localizeCatalogueText({ name: stored, description: '' }, now.translations, language).name;
}
