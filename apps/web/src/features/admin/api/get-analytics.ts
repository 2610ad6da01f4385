import type { Analytics } from '@parley/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const adminAnalyticsQueryOptions = queryOptions({
  queryKey: ['admin', 'analytics'],
  queryFn: () => apiFetch<Analytics>('/api/admin/analytics'),
});

/** Reloaded by the admin event stream when a payment or user arrives; once a minute besides. */
export function useAdminAnalytics() {
  return useQuery({
    ...adminAnalyticsQueryOptions,
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
  });
}
