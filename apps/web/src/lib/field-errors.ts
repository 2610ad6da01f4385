import { type FieldParams, isFieldCode } from '@parley/shared/domain';
import i18next, { type TFunction } from 'i18next';
import type { FieldIssue } from './api-client';
import { countryName } from './country-name';

/** A field problem by code, from the server or from the same rule run here. */
export interface CodedProblem {
  code: string;
  params?: FieldParams;
}

/**
 * A field problem in the page's language: the translation of its code with its params
 * (`fieldErrors.<CODE>`, outside the English the landing page ships). The server's English is never shown; a code this build does
 * not know reads as the generic "not valid".
 */
export function fieldText(t: TFunction, problem: CodedProblem | null | undefined) {
  if (!problem) return undefined;
  const code = isFieldCode(problem.code) ? problem.code : 'INVALID';
  const params = { ...problem.params };
  // A country comes as its ISO code ("GB"): named in the page's language.
  if (typeof params.country === 'string' && /^[A-Z]{2}$/.test(params.country))
    params.country = countryName(params.country, i18next.language);
  return t(`fieldErrors.${code}`, params);
}

/** Each refused field of an answer as text, keyed by the form's field name. */
export function fieldTexts(t: TFunction, fields: Record<string, FieldIssue>) {
  return Object.fromEntries(
    Object.entries(fields).map(([name, issue]) => [name, fieldText(t, issue) ?? '']),
  );
}
