import type { User } from '@parley/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api-client';

/** The signed-in user (app-wide state), or null for a visitor (the server answers 401). */
export async function getUser(): Promise<User | null> {
  try {
    return await apiFetch<User>('/api/auth/user');
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export const userQueryOptions = queryOptions({ queryKey: ['auth', 'user'], queryFn: getUser });

export function useUser() {
  return useQuery(userQueryOptions);
}

export function fullName(user: Pick<User, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}
