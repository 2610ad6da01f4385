import type { ApiScope } from '../contracts/api-keys.js';

/**
 * The scope an API key needs for each customer route it may call, by route name. A
 * route not listed here serves browser sessions only: a key gets 403 there.
 */
export const ROUTE_SCOPES: Readonly<Record<string, ApiScope>> = {};

/** The scope a key needs for this route, or null when keys may not call it at all. */
export const scopeOf = (routeName: string): ApiScope | null => ROUTE_SCOPES[routeName] ?? null;
