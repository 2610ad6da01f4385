import type { SmsGatewayStatus } from '@parley/shared';
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
