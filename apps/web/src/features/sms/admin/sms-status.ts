import { smsAdminApi } from '@parley/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { call } from '@/lib/api';
import { pollWhileSeen } from '@/lib/polling';

export const smsStatusQueryOptions = queryOptions({
  queryKey: adminKeys.adminSmsStatus,
  queryFn: () => call(smsAdminApi.status),
});

/** Which gateway SMS go through and how many wait; reloaded every 10 s like the lists. */
export function useSmsGatewayStatus() {
  return useQuery({
    ...smsStatusQueryOptions,
    ...pollWhileSeen(10_000),
  });
}

export const smsInboundQueryOptions = (page: number) =>
  queryOptions({
    queryKey: adminKeys.adminSmsInbound(page),
    queryFn: () => call(smsAdminApi.inbound, { query: { page, pageSize: 10 } }),
  });

/** Deliver_sm that were not receipts of ours (replies, mismatched receipts), newest first. */
export function useSmsInbound(page: number) {
  return useQuery({
    ...smsInboundQueryOptions(page),
    ...pollWhileSeen(30_000),
    placeholderData: (previous) => previous,
  });
}
