import type { TranslatedLanguage } from '@parley/shared';
import { LANGUAGES, languageDirection, TRANSLATED_LANGUAGES } from '@parley/shared/domain';
import { useEffect, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Input, Select } from '@/components/ui/input';
import type { FieldSpec, FormValues } from './resource-form-values';
import { type TranslationPart, translatedLanguages, translationKey } from './translation-values';

const nameOf = (lang: string) => LANGUAGES.find((l) => l.code === lang)?.name ?? lang;
const textareaClass =
  'flex w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive';

/**
 * A catalogue item's words in the other languages: pick a language, then its name,
 * description (and features), each shown in English until translated. Every language
 * is kept while another is edited, and all are saved together.
 */
export function TranslationsField({
  field,
  id,
  values,
  errorOf,
  control,
}: {
  field: FieldSpec;
  /** The form's id prefix: the language select is `${id}-${field.name}`. */
  id: string;
  values: FormValues;
  errorOf: (name: string) => string | undefined;
  control: (name: string) => UseFormRegisterReturn;
}) {
  const { t } = useTranslation();
  const parts = field.parts ?? [];
  // No language at first: the dialog stays short until the admin picks one.
  const [lang, setLang] = useState<TranslatedLanguage | ''>('');
  const done = new Set(translatedLanguages(values, parts));
  const invalid = new Set(
    TRANSLATED_LANGUAGES.filter((l) => parts.some((p) => errorOf(translationKey(l, p)))),
  );
  const selectId = `${id}-${field.name}`;
  // A refused save opens the first language to fix.
  const firstInvalid = TRANSLATED_LANGUAGES.find((l) => invalid.has(l));
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the languages in error change
  useEffect(() => {
    if (firstInvalid && (lang === '' || !invalid.has(lang))) setLang(firstInvalid);
  }, [firstInvalid]);
  const english = (part: string) => String(values[part] ?? '');

  return (
    <fieldset className="flex flex-col gap-3 rounded-md border p-3 sm:col-span-2">
      <legend className="px-1 text-sm font-medium">{field.label}</legend>
      <FormField
        id={selectId}
        label={t('admin.translations.language')}
        description={t('admin.translations.hint')}
        error={errorOf(field.name)}
      >
        <Select value={lang} onChange={(e) => setLang(e.target.value as TranslatedLanguage | '')}>
          <option value="">{t('admin.translations.choose')}</option>
          {TRANSLATED_LANGUAGES.map((code) => {
            const language = nameOf(code);
            const label = invalid.has(code)
              ? t('admin.translations.invalid', { language })
              : done.has(code)
                ? t('admin.translations.translated', { language })
                : language;
            return (
              <option key={code} value={code}>
                {label}
              </option>
            );
          })}
        </Select>
      </FormField>
      {lang !== '' && <LanguageParts {...{ lang, parts, id, english, errorOf, control }} />}
    </fieldset>
  );
}

/** One language's name, description (and features), each showing the English until filled. */
function LanguageParts({
  lang,
  parts,
  id,
  english,
  errorOf,
  control,
}: {
  lang: TranslatedLanguage;
  parts: readonly TranslationPart[];
  id: string;
  english: (part: string) => string;
  errorOf: (name: string) => string | undefined;
  control: (name: string) => UseFormRegisterReturn;
}) {
  const { t } = useTranslation();
  const inputProps = { lang, dir: languageDirection(lang) } as const;
  return (
    <>
      {parts.map((part) => {
        const key = translationKey(lang, part);
        const inputId = `${id}-${key}`;
        const label = t(`admin.translations.${part}`, { language: nameOf(lang) });
        // Keyed by language, so switching shows that language's own value.
        return (
          <FormField
            key={key}
            id={inputId}
            label={label}
            description={part === 'features' ? t('admin.translations.featuresHint') : undefined}
            error={errorOf(key)}
          >
            {part === 'name' ? (
              <Input {...inputProps} placeholder={english(part)} {...control(key)} />
            ) : (
              <textarea
                {...inputProps}
                rows={part === 'features' ? 4 : 3}
                placeholder={english(part)}
                className={textareaClass}
                {...control(key)}
              />
            )}
          </FormField>
        );
      })}
    </>
  );
}
