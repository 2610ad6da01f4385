import { smppServerAdminApi } from '@parley/shared/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_SIGN_IN } from '@/lib/admin-errors';
import { adminKeys } from '@/lib/admin-query-keys';
import { call } from '@/lib/api';
import { pollWhileSeen } from '@/lib/polling';

const KEY = adminKeys.adminSmppSessions;

export const adminSmppSessionsQueryOptions = queryOptions({
  queryKey: KEY,
  queryFn: () => call(smppServerAdminApi.sessions),
});

/** Every bound session; refetched every 10 s while the tab is visible, as the other lists. */
export function useAdminSmppSessions() {
  return useQuery({ ...adminSmppSessionsQueryOptions, ...pollWhileSeen(10_000) });
}

/** Ends a session (the instance holding it unbinds it); the list reloads either way. */
export function useEndSmppSession() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: ADMIN_SIGN_IN,
    mutationFn: (id: string) => call(smppServerAdminApi.endSession, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
