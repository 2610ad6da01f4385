/** `flag` is the ISO 3166 code of the flag shown for the language (an SVG, not an emoji). */
export const LANGUAGES = [
  { code: 'en', name: 'English', flag: 'gb', dir: 'ltr' },
  { code: 'es', name: 'Español', flag: 'es', dir: 'ltr' },
  { code: 'fr', name: 'Français', flag: 'fr', dir: 'ltr' },
  { code: 'de', name: 'Deutsch', flag: 'de', dir: 'ltr' },
  { code: 'it', name: 'Italiano', flag: 'it', dir: 'ltr' },
  { code: 'pt', name: 'Português', flag: 'pt', dir: 'ltr' },
  { code: 'ru', name: 'Русский', flag: 'ru', dir: 'ltr' },
  { code: 'zh', name: '中文', flag: 'cn', dir: 'ltr' },
  { code: 'ja', name: '日本語', flag: 'jp', dir: 'ltr' },
  { code: 'ar', name: 'العربية', flag: 'sa', dir: 'rtl' },
] as const;

export type Language = (typeof LANGUAGES)[number];
export type LanguageCode = Language['code'];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';
export const LANGUAGE_STORAGE_KEY = 'parley.lang';
export const LANGUAGE_CODES: readonly LanguageCode[] = LANGUAGES.map((l) => l.code);

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

/**
 * The stored choice if it is supported, else the browser language's first two
 * letters if supported, else English.
 */
export function resolveLanguage(
  stored: string | null | undefined,
  browserLanguages: readonly string[],
): LanguageCode {
  if (isLanguageCode(stored)) return stored;
  for (const tag of browserLanguages) {
    const prefix = tag.slice(0, 2).toLowerCase();
    if (isLanguageCode(prefix)) return prefix;
  }
  return DEFAULT_LANGUAGE;
}

export function languageDirection(code: LanguageCode): 'ltr' | 'rtl' {
  return LANGUAGES.find((l) => l.code === code)?.dir ?? 'ltr';
}
