import { type FieldParams, isFieldCode } from '@parley/shared/domain';
import type { TFunction } from 'i18next';
import type { FieldIssue } from './api-client';

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
  return t(`fieldErrors.${code}`, { ...problem.params });
}

/** Each refused field of an answer as text, keyed by the form's field name. */
export function fieldTexts(t: TFunction, fields: Record<string, FieldIssue>) {
  return Object.fromEntries(
    Object.entries(fields).map(([name, issue]) => [name, fieldText(t, issue) ?? '']),
  );
}
