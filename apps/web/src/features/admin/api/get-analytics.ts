import type { Analytics, LedgerCheck } from '@parley/shared';
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

/** Every balance against the sum of its ledger rows (GET /api/admin/ledger/check). */
export const ledgerCheckQueryOptions = queryOptions({
  queryKey: ['admin', 'ledger-check'],
  queryFn: () => apiFetch<LedgerCheck>('/api/admin/ledger/check'),
});
