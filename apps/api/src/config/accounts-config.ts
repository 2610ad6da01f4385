import { z } from 'zod';
import { optional } from './env-fields.js';

/** The environment keys of accounts: the admin made at start, TOTP at rest, session lifetimes. */
export const accountsEnvShape = {
  ADMIN_EMAIL: optional(z.email({ error: 'must be an email address' })),
  ADMIN_PASSWORD: optional(z.string().min(10, 'must be at least 10 characters')),
  ADMIN_TOTP_SECRET: optional(
    z
      .string()
      .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
      .pipe(
        z
          .string()
          .regex(/^[A-Z2-7]+=*$/, 'must be base32 (A-Z and 2-7)')
          .min(26, 'must hold at least 128 bits (26 base32 characters)')
          .max(128, 'must be at most 128 characters'),
      ),
  ),
  TOTP_ENCRYPTION_KEY: optional(z.string().min(32, 'must be at least 32 characters')),
  CUSTOMER_SESSION_MAX_DAYS: optional(
    z.coerce.number({ error: 'must be a number' }).min(0.01, 'must be positive').max(365),
  ),
  ADMIN_SESSION_MAX_HOURS: optional(
    z.coerce
      .number({ error: 'must be a number' })
      .min(0.01, 'must be positive')
      .max(24 * 30),
  ),
  ADMIN_SESSION_IDLE_MINUTES: optional(
    z.coerce
      .number({ error: 'must be a number' })
      .min(1, 'must be at least 1')
      .max(24 * 60),
  ),
};
