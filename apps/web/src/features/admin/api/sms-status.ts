import type { SmsGatewayStatus, SmsInboundList } from '@parley/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const smsStatusQueryOptions = queryOptions({
  queryKey: ['admin', 'sms-status'],
  queryFn: () => apiFetch<SmsGatewayStatus>('/api/admin/sms/status'),
});

/** Which gateway SMS go through and how many wait; reloaded every 10 s like the lists. */
export function useSmsGatewayStatus() {
  return useQuery({
    ...smsStatusQueryOptions,
    refetchInterval: 10_000,
    refetchIntervalInBackground: false,
  });
}

export const smsInboundQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'sms-inbound', page],
    queryFn: () => apiFetch<SmsInboundList>(`/api/admin/sms/inbound?page=${page}&pageSize=10`),
  });

/** Deliver_sm that were not receipts of ours (replies, mismatched receipts), newest first. */
export function useSmsInbound(page: number) {
  return useQuery({
    ...smsInboundQueryOptions(page),
    refetchInterval: 30_000,
    refetchIntervalInBackground: false,
    placeholderData: (previous) => previous,
  });
}
