import type { AdminUser } from '@parley/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const adminUsersQueryOptions = queryOptions({
  queryKey: ['admin', 'users'],
  queryFn: () => apiFetch<AdminUser[]>('/api/admin/users'),
});

/** Refetched every 10 s while the tab is visible (SPEC §9). */
export function useAdminUsers() {
  return useQuery({
    ...adminUsersQueryOptions,
    refetchInterval: 10_000,
    refetchIntervalInBackground: false,
  });
}
