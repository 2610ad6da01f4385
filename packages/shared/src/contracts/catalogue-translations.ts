import { z } from 'zod';
import {
  type CatalogueText,
  type CatalogueTranslations,
  CATALOGUE_TEXT_LIMITS as LIMITS,
  TRANSLATED_LANGUAGES,
} from '../domain/catalogue-text.js';
import { singleLine } from './text.js';

const language = z.enum(TRANSLATED_LANGUAGES, 'Unknown language');

const name = singleLine(z.string().trim().max(LIMITS.name), 'A translated name');
// Multi-line like the English one; control characters are refused by the input guard.
const description = z.string().trim().max(LIMITS.description);
const features = z
  .array(singleLine(z.string().trim().max(LIMITS.feature), 'A translated feature'))
  .max(LIMITS.features);

/** Drops what says nothing: blank fields, trailing blank features, empty languages. */
function compact(input: Partial<Record<string, CatalogueText>>): CatalogueTranslations {
  const out: CatalogueTranslations = {};
  for (const code of TRANSLATED_LANGUAGES) {
    const text = input[code];
    if (!text) continue;
    const kept: CatalogueText = {};
    if (text.name) kept.name = text.name;
    if (text.description) kept.description = text.description;
    const list = [...(text.features ?? [])];
    while (list.length > 0 && !list[list.length - 1]) list.pop();
    if (list.length > 0) kept.features = list;
    if (Object.keys(kept).length > 0) out[code] = kept;
  }
  return out;
}

/** A service's words per language: name and description (ten languages, English aside). */
export const serviceTranslationsSchema = z
  .partialRecord(
    language,
    z.strictObject({ name: name.optional(), description: description.optional() }),
  )
  .transform(compact);

/** A package's words per language: name, description and features by position. */
export const packageTranslationsSchema = z
  .partialRecord(
    language,
    z.strictObject({
      name: name.optional(),
      description: description.optional(),
      features: features.optional(),
    }),
  )
  .transform(compact);

/** Translations as the admin API answers them. */
export const translationsSchema = z.partialRecord(
  language,
  z.object({
    name: z.string().optional(),
    description: z.string().optional(),
    features: z.array(z.string()).optional(),
  }),
);
