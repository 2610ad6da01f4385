import { API_KEY_PREFIX } from '@parley/shared';

/**
 * The API key in an Authorization header (`Bearer prl_live_…`), or null when it carries
 * none. Other Bearer tokens (the SIP edge's secret) are left to their own guards.
 */
export function bearerKeyOf(header: string | undefined): string | null {
  if (!header) return null;
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  return token?.startsWith(API_KEY_PREFIX) ? token : null;
}
