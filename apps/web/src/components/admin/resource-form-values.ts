import type { CodedProblem } from '@/lib/field-errors';
import { type TranslationPart, translationProblems, translationsBody } from './translation-values';

export type FormValues = Record<string, string | boolean>;
export type SelectOption = { value: string; label: string };

export type FieldSpec = {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'decimal' | 'select' | 'checkbox' | 'lines' | 'translations';
  /** A 'translations' field's parts per language (its values are `tr:<lang>:<part>`). */
  parts?: readonly TranslationPart[];
  /** The message shown when the field is left empty; absent means optional. */
  required?: string;
  /** Decimal places a 'decimal' field accepts (0.0001 for SMS and VoIP prices, 0.01 otherwise). */
  scale?: number;
  pattern?: { re: RegExp; message: string };
  /** A select's choices; a function when they depend on other fields (a wallet's chains). */
  options?: readonly SelectOption[] | ((values: FormValues) => readonly SelectOption[]);
  /** Optional text the server stores as null when empty. */
  nullIfEmpty?: boolean;
  hint?: string;
  /** Left-to-right content (numbers, slugs, domains) even in Arabic. */
  ltr?: boolean;
};

/**
 * The first problem with each field, in the same words the server would use. A
 * 'translations' field's problems are keyed by the part's value (`tr:ar:name`), and the
 * field itself gets `translationsMessage` naming the languages to check.
 */
export function validate(
  fields: readonly FieldSpec[],
  values: FormValues,
  decimalMessage: (label: string, scale: number) => string,
  problemText: (problem: CodedProblem) => string = (p) => p.code,
  translationsMessage: (languages: string[]) => string = (l) => l.join(', '),
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of fields) {
    if (f.kind === 'translations') {
      const problems = Object.entries(translationProblems(values, f.parts ?? []));
      for (const [key, problem] of problems) errors[key] = problemText(problem);
      const languages = [...new Set(problems.map(([key]) => key.split(':')[1] ?? ''))];
      if (languages.length > 0) errors[f.name] = translationsMessage(languages);
      continue;
    }
    const v = values[f.name];
    if (typeof v !== 'string') continue;
    const text = v.trim();
    if (!text) {
      if (f.required) errors[f.name] = f.required;
      continue;
    }
    if (f.kind === 'decimal' && !new RegExp(`^\\d{1,10}(\\.\\d{1,${f.scale ?? 2}})?$`).test(text))
      errors[f.name] = decimalMessage(f.label, f.scale ?? 2);
    else if (f.pattern && !f.pattern.re.test(text)) errors[f.name] = f.pattern.message;
  }
  return errors;
}

/** The JSON the admin API takes: booleans stay, lists split by line, text trimmed. */
export function toBody(fields: readonly FieldSpec[], values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.kind === 'translations') body[f.name] = translationsBody(values, f.parts ?? []);
    else if (typeof v === 'boolean') body[f.name] = v;
    else if (f.kind === 'lines')
      body[f.name] = (v ?? '')
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
    else {
      const text = (v ?? '').trim();
      body[f.name] = text === '' && f.nullIfEmpty ? null : text;
    }
  }
  return body;
}

/** A select's choices for the values as they are now. */
export function optionsOf(field: FieldSpec, values: FormValues): readonly SelectOption[] {
  return typeof field.options === 'function' ? field.options(values) : (field.options ?? []);
}

/**
 * After a change, a select whose choices depend on it and no longer hold its value moves
 * to its first choice (USDT → ETH leaves Tron for Ethereum), so what is sent is what shows.
 */
export function settleOptions(fields: readonly FieldSpec[], values: FormValues): FormValues {
  let settled = values;
  for (const f of fields) {
    if (f.kind !== 'select' || typeof f.options !== 'function') continue;
    const options = f.options(settled);
    const first = options[0];
    if (first && !options.some((o) => o.value === settled[f.name]))
      settled = { ...settled, [f.name]: first.value };
  }
  return settled;
}
