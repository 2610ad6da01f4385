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
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** The prefix of every key's secret, so secret scanners can find a leaked one. */
export const API_KEY_PREFIX = 'prl_live_';
