import type { AdminSubscriptionFilter } from '@parley/shared';
import { renewalsAdminApi } from '@parley/shared/api';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ADMIN_SIGN_IN } from '@/lib/admin-errors';
import { adminKeys } from '@/lib/admin-query-keys';
import { call } from '@/lib/api';
import { pollWhileSeen } from '@/lib/polling';
import { useStreamUp } from '@/lib/use-stream';

export const ADMIN_SUBSCRIPTIONS_PAGE_SIZE = 20;

/**
 * The stream's subscription.updated reloads these; polling covers what no event announces
 * (an item coming within 7 days of renewal) and a stream that is down.
 */
const pollMs = (streamUp: boolean) => (streamUp ? 60_000 : 15_000);

export const adminSubscriptionsQueryOptions = (filter: AdminSubscriptionFilter, page: number) =>
  queryOptions({
    queryKey: [...adminKeys.adminSubscriptions, filter, page],
    queryFn: () =>
      call(renewalsAdminApi.list, {
        query: { filter, page, pageSize: ADMIN_SUBSCRIPTIONS_PAGE_SIZE },
      }),
  });

/** A page of the items under a filter; the last page stays while the next loads. */
export function useAdminSubscriptions(filter: AdminSubscriptionFilter, page: number) {
  const streamUp = useStreamUp('admin');
  return useQuery({
    ...adminSubscriptionsQueryOptions(filter, page),
    placeholderData: keepPreviousData,
    ...pollWhileSeen(pollMs(streamUp)),
  });
}

const countQueryOptions = (filter: AdminSubscriptionFilter, streamUp: boolean) =>
  queryOptions({
    queryKey: [...adminKeys.adminSubscriptions, 'count', filter],
    queryFn: () => call(renewalsAdminApi.list, { query: { filter, page: 1, pageSize: 1 } }),
    select: (data) => data.total,
    ...pollWhileSeen(pollMs(streamUp)),
  });

/** How many items each filter holds (a one-item page each), or null until known. */
export function useAdminSubscriptionCounts(): Record<AdminSubscriptionFilter, number | null> {
  const streamUp = useStreamUp('admin');
  const due = useQuery(countQueryOptions('due', streamUp)).data;
  const grace = useQuery(countQueryOptions('grace', streamUp)).data;
  const suspended = useQuery(countQueryOptions('suspended', streamUp)).data;
  return { due: due ?? null, grace: grace ?? null, suspended: suspended ?? null };
}

/** After a change the lists, the counts and the audit log reload, whether it worked or not. */
function useReload() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.adminSubscriptions }),
      queryClient.invalidateQueries({ queryKey: adminKeys.adminAudit }),
    ]);
}

export function useExtendGrace() {
  const onSettled = useReload();
  return useMutation({
    meta: ADMIN_SIGN_IN,
    mutationFn: ({ id, days }: { id: string; days: number }) =>
      call(renewalsAdminApi.extendGrace, { params: { id }, body: { days } }),
    onSettled,
  });
}

export function useWaivePeriod() {
  const onSettled = useReload();
  return useMutation({
    meta: ADMIN_SIGN_IN,
    mutationFn: (id: string) => call(renewalsAdminApi.waive, { params: { id } }),
    onSettled,
  });
}
