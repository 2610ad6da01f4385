import type { User } from '@parley/shared';
import { authApi } from '@parley/shared/api';
import { SIGNED_IN_USER_ELEMENT_ID } from '@parley/shared/domain';
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

const USER_STRINGS = ['id', 'email', 'cryptoBalance', 'createdAt', 'updatedAt'] as const;
const USER_NULLABLE_STRINGS = ['firstName', 'lastName', 'profileImageUrl'] as const;

/** The shape of `User`, checked by hand: zod is not part of the first load. */
function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    USER_STRINGS.every((key) => typeof v[key] === 'string') &&
    USER_NULLABLE_STRINGS.every((key) => v[key] === null || typeof v[key] === 'string') &&
    typeof v.isAdmin === 'boolean'
  );
}

/**
 * The server embeds the signed-in user in the page it sends to a signed-in request
 * (apps/api/src/plugins/web.ts), as `GET /api/auth/user` answers it: the page shows
 * without asking. Later changes reach it as they reach a fetched user (invalidation).
 */
export function seedSignedInUser(client: QueryClient): void {
  const user = embeddedUser();
  if (user) client.setQueryData(userQueryOptions.queryKey, user);
}

/** The user the page was sent with, or null (a visitor, or an unreadable block). */
export function embeddedUser(): User | null {
  const text = document.getElementById(SIGNED_IN_USER_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const user: unknown = JSON.parse(text);
    return isUser(user) ? user : null;
  } catch {
    return null; // unreadable: the app asks the server, as without the block
  }
}

export function useUser() {
  return useQuery(userQueryOptions);
}

export function fullName(user: Pick<User, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}
