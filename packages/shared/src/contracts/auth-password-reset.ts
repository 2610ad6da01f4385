import { z } from 'zod';
import { confirmPasswordProblem, newPasswordProblem } from '../domain/auth.js';
import { rule } from './field-text.js';
import { singleLine } from './text.js';

/** `GET /api/login`: which tab of the sign-in card opens (Sign In by default). */
export const loginPageQuerySchema = z.object({
  tab: z.enum(['signin', 'signup'], 'tab is signin or signup').optional(),
});

/** How long a reset link works, from when it was issued. */
export const PASSWORD_RESET_TTL_MINUTES = 60;

const email = singleLine(
  z.string().trim().toLowerCase().max(254, 'Email is too long'),
  'Email',
).pipe(z.email('Enter a valid email address'));

/** "Forgot password?": the account's email and a solved security check. */
export const forgotPasswordSchema = z.object({
  email,
  altcha: z.string().min(1, 'Complete the security check').max(8192),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/**
 * The same answer whether or not the address has an account. `email`: a link was sent
 * if it has one; `unavailable`: this Parley sends no email, so an admin issues links.
 */
export const forgotPasswordResultSchema = z.object({ delivery: z.enum(['email', 'unavailable']) });
export type ForgotPasswordResult = z.infer<typeof forgotPasswordResultSchema>;

/** A reset token as a link carries it: 256 random bits, base64url. */
const token = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'This reset link is not valid')
  .describe('The token from the reset link');

/** A new password from a reset link, with sign-up's rules. */
export const resetPasswordSchema = z
  .object({
    token,
    password: z.string().superRefine(rule(newPasswordProblem)).max(1024, 'Password is too long'),
    confirmPassword: z.string().max(1024),
  })
  .superRefine(
    rule((v) => confirmPasswordProblem(v.password, v.confirmPassword), ['confirmPassword']),
  );
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** A one-time reset link an admin issued: its token (shown once) and when it stops working. */
export const issuedPasswordResetSchema = z.object({ token: z.string(), expiresAt: z.string() });
export type IssuedPasswordReset = z.infer<typeof issuedPasswordResetSchema>;
