import type { User } from '@parley/shared';
import { authApi } from '@parley/shared/api';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api';
import { queryKeys } from './query-keys';
import { isUnauthorized } from './session-expired';

/** The signed-in user (app-wide state), or null for a visitor (the server answers 401). */
export async function getUser(): Promise<User | null> {
  try {
    return await call(authApi.user);
  } catch (err) {
    if (isUnauthorized(err)) return null;
    throw err;
  }
}

export const userQueryOptions = queryOptions({ queryKey: queryKeys.user, queryFn: getUser });

/**
 * The server marks the page it sends to a request without a session cookie
 * (apps/api/src/plugins/web.ts): that reader is a visitor, known without asking, so the
 * landing page shows without waiting for an answer that can only be "nobody".
 */
export function seedKnownVisitor(client: QueryClient): void {
  if (document.querySelector('meta[name="parley-session"][content="none"]'))
    client.setQueryData(userQueryOptions.queryKey, null);
}

export function useUser() {
  return useQuery(userQueryOptions);
}

export function fullName(user: Pick<User, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}
