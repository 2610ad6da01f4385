import { adminApi } from '@parley/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { call } from '@/lib/api';

export const adminUsersQueryOptions = queryOptions({
  queryKey: adminKeys.adminUsers,
  queryFn: () => call(adminApi.users),
});

/** Refetched every 10 s while the tab is visible. */
export function useAdminUsers() {
  return useQuery({
    ...adminUsersQueryOptions,
    refetchInterval: 10_000,
    refetchIntervalInBackground: false,
  });
}
