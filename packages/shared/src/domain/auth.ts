import type { FieldProblem } from './field-codes.js';

/** Account rules the browser and the server share. */
export const PASSWORD_MIN_LENGTH = 10;
export const CONTACT_METHODS = ['telegram', 'phone', 'whatsapp'] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];

/** A new password (sign-up, change): long enough; counted in UTF-16 units as typed. */
export function newPasswordProblem(password: string): FieldProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH)
    return { code: 'PASSWORD_TOO_SHORT', params: { min: PASSWORD_MIN_LENGTH } };
  return null;
}

/** The confirmation of a new password: the same text again. */
export const confirmPasswordProblem = (password: string, confirm: string): FieldProblem | null =>
  password === confirm ? null : { code: 'PASSWORDS_DIFFER' };
