import { z } from 'zod';
import { secondFactorCode, userSchema } from './auth.js';

/**
 * `POST /api/admin/login` answers 202 with this when the admin has no second factor
 * yet: no session, but a short-lived token to finish the set-up with.
 */
export const secondFactorSetupSchema = z.object({
  setupToken: z.string(),
  /** The TOTP secret in base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** otpauth://totp/… for the QR code. */
  otpauthUri: z.string(),
  expiresAt: z.string(),
});
export type SecondFactorSetup = z.infer<typeof secondFactorSetupSchema>;

/** `POST /api/admin/login/setup`: the set-up token and the first code from the app. */
export const confirmSecondFactorSchema = z.object({
  setupToken: z.string().min(1).max(200),
  code: secondFactorCode,
});
export type ConfirmSecondFactorInput = z.infer<typeof confirmSecondFactorSchema>;

/** The set-up's answer: the signed-in admin and their recovery codes, shown this once. */
export const secondFactorEnabledSchema = z.object({
  user: userSchema,
  recoveryCodes: z.array(z.string()),
});
export type SecondFactorEnabled = z.infer<typeof secondFactorEnabledSchema>;
