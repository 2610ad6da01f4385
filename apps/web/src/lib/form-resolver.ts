import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** What a form's own check returns: a message (or key) per field in error. */
export type FieldProblems<T> = Partial<Record<keyof T & string, string | null | undefined>>;

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
    for (const [field, message] of Object.entries(check(values)))
      if (message) errors[field] = { type: 'validate', message: String(message) };
    return Object.keys(errors).length
      ? { values: {}, errors: errors as FieldErrors<T> }
      : { values, errors: {} };
  };
}
