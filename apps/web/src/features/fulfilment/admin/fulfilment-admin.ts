import { fulfilmentAdminApi } from '@parley/shared/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_SIGN_IN } from '@/lib/admin-errors';
import { adminKeys } from '@/lib/admin-query-keys';
import { call } from '@/lib/api';
import { pollWhileSeen } from '@/lib/polling';

const KEY = adminKeys.adminFulfilment;

export const adminFulfilmentQueryOptions = queryOptions({
  queryKey: KEY,
  queryFn: () => call(fulfilmentAdminApi.open),
});

/** Open tasks, earliest due first; live through the admin stream, polled as a fallback. */
export function useAdminFulfilment() {
  return useQuery({ ...adminFulfilmentQueryOptions, ...pollWhileSeen(30_000) });
}

/** Marks a task done (the customer then sees the item active); the queue reloads either way. */
export function useMarkFulfilmentDone() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: ADMIN_SIGN_IN,
    mutationFn: (id: string) => call(fulfilmentAdminApi.done, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
