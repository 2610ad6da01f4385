import { z } from 'zod';
import { CONTACT_METHODS, confirmPasswordProblem, newPasswordProblem } from '../domain/auth.js';
import { rule } from './field-text.js';
import { singleLine } from './text.js';

/** The signed-in user as `GET /api/auth/user` returns it (never the password hash). */
export const userSchema = z.object({
  id: z.string(),
  email: z.email(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  cryptoBalance: z.string(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

const email = singleLine(
  z.string().trim().toLowerCase().max(254, 'Email is too long'),
  'Email',
).pipe(z.email('Enter a valid email address'));

/** The solved security check, as the widget sends it (base64 JSON). */
const altcha = z.string().min(1, 'Complete the security check').max(8192);

export const signInSchema = z.object({
  email,
  password: z.string().min(1, 'Password is required').max(1024),
  altcha,
});
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z
  .object({
    name: singleLine(z.string().trim().min(1, 'Name is required').max(200), 'Name'),
    email,
    password: z.string().superRefine(rule(newPasswordProblem)).max(1024, 'Password is too long'),
    confirmPassword: z.string().max(1024),
    contactMethod: z.enum(CONTACT_METHODS, 'Choose a contact method'),
    contactValue: singleLine(z.string().trim().min(1, 'Contact is required').max(100), 'Contact'),
    altcha,
  })
  .superRefine(
    rule((v) => confirmPasswordProblem(v.password, v.confirmPassword), ['confirmPassword']),
  );
export type SignUpInput = z.infer<typeof signUpSchema>;

/** A signed-in user's new password: the current one, then the new one with sign-up's rules. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password').max(1024),
    newPassword: z.string().superRefine(rule(newPasswordProblem)).max(1024, 'Password is too long'),
    confirmPassword: z.string().max(1024),
  })
  .superRefine(
    rule((v) => confirmPasswordProblem(v.newPassword, v.confirmPassword), ['confirmPassword']),
  )
  .superRefine(
    rule(
      (v) => (v.newPassword === v.currentPassword ? { code: 'PASSWORD_UNCHANGED' } : null),
      ['newPassword'],
    ),
  );
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/**
 * What the admin sign-in's `code` field accepts: the six digits of an authenticator app
 * (RFC 6238), or one of the recovery codes shown at set-up (16 base32 characters, in
 * groups of four). Spaces and dashes are ignored, so a code typed as shown works.
 */
export const SECOND_FACTOR_CODE = /^(\d{6}|[A-Za-z2-7]{16})$/;

/**
 * A code as typed. Any text is taken: one that is not a valid code is a wrong code, so
 * it answers SECOND_FACTOR_REQUIRED and counts as a failed attempt like any other.
 */
export const secondFactorCode = singleLine(z.string().max(64, 'The code is too long'), 'Code');

/** The code without the spaces and dashes it may be shown or typed with. */
export function normaliseSecondFactorCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

export const adminLoginSchema = z.object({
  email,
  password: z.string().min(1, 'Password is required').max(1024),
  /** The authenticator's code or a recovery code; left out (or blank) on the first sign-in. */
  code: secondFactorCode.optional(),
});
export type AdminLoginInput = z.infer<typeof adminLoginSchema>;

/** An ALTCHA challenge as `GET /api/auth/challenge` issues it. */
export const challengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string().optional(),
});

/** A user as the admin panel lists them. */
export const adminUserSchema = userSchema.extend({ disabled: z.boolean() });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const setUserDisabledSchema = z.object({ disabled: z.boolean() });
