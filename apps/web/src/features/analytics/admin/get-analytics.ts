import { analyticsAdminApi, paymentsAdminApi } from '@parley/shared/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { call } from '@/lib/api';
import { pollWhileSeen } from '@/lib/polling';

export const adminAnalyticsQueryOptions = queryOptions({
  queryKey: adminKeys.adminAnalytics,
  queryFn: () => call(analyticsAdminApi.get),
});

/**
 * The figures as last counted (a job recounts them every minute), reloaded by the admin
 * event stream when a payment or user arrives and once a minute besides.
 */
export function useAdminAnalytics() {
  return useQuery({
    ...adminAnalyticsQueryOptions,
    ...pollWhileSeen(60_000),
  });
}

/** Counts the figures now (the tab shows them as last counted) and shows the new count. */
export function useRecountAnalytics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(analyticsAdminApi.recount),
    onSuccess: (figures) => queryClient.setQueryData(adminAnalyticsQueryOptions.queryKey, figures),
  });
}

/** Every balance against the sum of its ledger rows. */
export const ledgerCheckQueryOptions = queryOptions({
  queryKey: adminKeys.adminLedgerCheck,
  queryFn: () => call(paymentsAdminApi.ledgerCheck),
});
