import { z } from 'zod';
import { singleLine } from './text.js';

/**
 * What a customer's API key may do: one scope per capability, read or write. A key
 * never reaches admin routes, account security (password, second factor, the keys
 * themselves) or another customer's data, whatever its scopes.
 */
export const API_SCOPES = [
  'sms:send',
  'sms:read',
  'calls:write',
  'calls:read',
  'numbers:read',
  'numbers:write',
  'balance:read',
  'payments:read',
  'payments:write',
  'webhooks:manage',
  'mail:read',
  'mail:write',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** The prefix of every key's secret, so secret scanners can find a leaked one. */
export const API_KEY_PREFIX = 'prl_live_';

/** Keys a customer may hold at once (revoked ones do not count). */
export const API_KEYS_MAX = 20;
export const API_KEY_NAME_MAX = 60;

/** POST /api/account/api-keys: a name, at least one scope, and an optional expiry. */
export const apiKeyInputSchema = z.object({
  name: singleLine(
    z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(API_KEY_NAME_MAX, `Name is at most ${API_KEY_NAME_MAX} characters`),
    'Name',
  ),
  scopes: z
    .array(z.enum(API_SCOPES), { error: 'Choose at least one scope' })
    .min(1, 'Choose at least one scope')
    .max(API_SCOPES.length * 2, 'Too many scopes'),
  /** When the key stops working; in the future (the server checks against its clock). */
  expiresAt: z.iso.datetime({ offset: true, error: 'Invalid date' }).nullable().optional(),
});
export type ApiKeyInput = z.input<typeof apiKeyInputSchema>;

/** A key as lists show it: never the secret, only its first characters. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** `prl_live_` and the secret's first four characters. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to a creation: the key with its secret, shown this once. */
export const createdApiKeySchema = apiKeySchema.extend({ secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyParamsSchema = z.object({ id: z.uuid('Invalid key id') });
