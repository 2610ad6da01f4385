import type { AdminUsersQuery } from '@parley/shared';
import { usersAdminApi } from '@parley/shared/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { call } from '@/lib/api';
import { pollWhileSeen } from '@/lib/polling';

export const USERS_PAGE_SIZE = 20;

/** A page of the users an admin searched for (every list under adminKeys.adminUsers). */
export const adminUsersQueryOptions = (query: AdminUsersQuery) =>
  queryOptions({
    queryKey: [...adminKeys.adminUsers, 'search', query],
    queryFn: () => call(usersAdminApi.list, { query: { pageSize: USERS_PAGE_SIZE, ...query } }),
  });

/** Refetched every 10 s while the tab is visible; the last page stays while the next loads. */
export function useAdminUsers(query: AdminUsersQuery) {
  return useQuery({
    ...adminUsersQueryOptions(query),
    placeholderData: keepPreviousData,
    ...pollWhileSeen(10_000),
  });
}
