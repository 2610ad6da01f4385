import { sipTrunkAdminApi } from '@parley/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { call } from '@/lib/api';
import { pollWhileSeen } from '@/lib/polling';

export const adminSipTrunksQueryOptions = queryOptions({
  queryKey: adminKeys.adminSipTrunks,
  queryFn: () => call(sipTrunkAdminApi.trunks),
});

/** Every customer's trunks with today's figures; refetched every 10 s while seen. */
export function useAdminSipTrunks() {
  return useQuery({ ...adminSipTrunksQueryOptions, ...pollWhileSeen(10_000) });
}
