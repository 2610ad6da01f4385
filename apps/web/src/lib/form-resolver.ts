import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type CodedProblem, fieldText } from './field-errors';

/** What a form's own check returns per field in error: a code with params, or a text. */
export type FieldProblems<T> = Partial<
  Record<keyof T & string, CodedProblem | string | null | undefined>
>;

const CODED = 'code:';

/**
 * A coded problem as react-hook-form's message, which must be a string; `useErrorText`
 * reads it back and translates it, so forms store codes, never English.
 */
export const problemMessage = (problem: CodedProblem): string =>
  CODED + JSON.stringify({ code: problem.code, params: problem.params ?? {} });

/** A form error's text in the page's language: coded problems translated, texts as they are. */
export function useErrorText() {
  const { t } = useTranslation();
  return (message: string | undefined) => {
    if (!message?.startsWith(CODED)) return message;
    try {
      return fieldText(t, JSON.parse(message.slice(CODED.length)) as CodedProblem);
    } catch {
      return fieldText(t, { code: 'INVALID' });
    }
  };
}

/**
 * Plugs a form's existing check into react-hook-form. The check stays the one rule
 * book (shared with the server where it can be) and no schema library is loaded for
 * it, which keeps the landing page light.
 */
export function functionResolver<T extends FieldValues>(
  check: (values: T) => FieldProblems<T>,
): Resolver<T> {
  return (values) => {
    const errors: Record<string, FieldError> = {};
    for (const [field, problem] of Object.entries(check(values)))
      if (problem)
        errors[field] = {
          type: 'validate',
          message: typeof problem === 'string' ? problem : problemMessage(problem as CodedProblem),
        };
    return Object.keys(errors).length
      ? { values: {}, errors: errors as FieldErrors<T> }
      : { values, errors: {} };
  };
}
