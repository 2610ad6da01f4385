import type { CatalogueText, CatalogueTranslations, TranslatedLanguage } from '@parley/shared';
import {
  isSingleLine,
  CATALOGUE_TEXT_LIMITS as LIMITS,
  TRANSLATED_LANGUAGES,
  textProblemCode,
} from '@parley/shared/domain';
import type { CodedProblem } from '@/lib/field-errors';

/** What an item's translations may hold: services have no features. */
export type TranslationPart = 'name' | 'description' | 'features';

type Values = Record<string, string | boolean>;

/** The form value holding one language's part, e.g. `tr:ar:description`. */
export const translationKey = (lang: TranslatedLanguage, part: TranslationPart) =>
  `tr:${lang}:${part}`;

/** The form values of stored translations; features one per line, as the English ones. */
export function translationValues(
  translations: CatalogueTranslations | undefined,
  parts: readonly TranslationPart[],
): Values {
  const values: Values = {};
  for (const lang of TRANSLATED_LANGUAGES) {
    const text: CatalogueText = translations?.[lang] ?? {};
    for (const part of parts)
      values[translationKey(lang, part)] =
        part === 'features' ? (text.features ?? []).join('\n') : (text[part] ?? '');
  }
  return values;
}

const linesOf = (text: string) => text.split('\n').map((line) => line.trim());

/**
 * The first problem with each translated part, keyed by its form value, as the server
 * would refuse it: control characters, a name or feature on more than one line, too long.
 */
export function translationProblems(
  values: Values,
  parts: readonly TranslationPart[],
): Record<string, CodedProblem> {
  const problems: Record<string, CodedProblem> = {};
  for (const lang of TRANSLATED_LANGUAGES)
    for (const part of parts) {
      const key = translationKey(lang, part);
      const raw = String(values[key] ?? '');
      const text = raw.trim();
      if (!text) continue;
      const items = part === 'features' ? linesOf(raw.trimEnd()) : [text];
      const max = part === 'features' ? LIMITS.feature : LIMITS[part];
      const problem = (code: string, params = {}) => {
        problems[key] ??= { code, params };
      };
      for (const item of items) {
        const bad = textProblemCode(item);
        if (bad) problem(bad);
        else if (part !== 'description' && !isSingleLine(item)) problem('NOT_ONE_LINE');
        else if (item.length > max) problem('TOO_LONG', { maximum: max });
      }
      if (part === 'features' && items.length > LIMITS.features)
        problem('TOO_MANY', { maximum: LIMITS.features });
    }
  return problems;
}

/**
 * The translations the admin API takes. An empty line among the features keeps its
 * place (that feature shows in English); the server drops what is left empty.
 */
export function translationsBody(
  values: Values,
  parts: readonly TranslationPart[],
): CatalogueTranslations {
  const body: CatalogueTranslations = {};
  for (const lang of TRANSLATED_LANGUAGES) {
    const text: CatalogueText = {};
    for (const part of parts) {
      const value = String(values[translationKey(lang, part)] ?? '');
      // Features by position: a leading empty line keeps the first one English.
      if (part === 'features') text.features = value.trim() ? linesOf(value.trimEnd()) : [];
      else text[part] = value.trim();
    }
    body[lang] = text;
  }
  return body;
}

/** The languages with at least one part filled in. */
export function translatedLanguages(values: Values, parts: readonly TranslationPart[]) {
  return TRANSLATED_LANGUAGES.filter((lang) =>
    parts.some((part) => String(values[translationKey(lang, part)] ?? '').trim()),
  );
}
