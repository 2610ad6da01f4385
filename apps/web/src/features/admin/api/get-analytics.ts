import { adminApi } from '@parley/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const adminAnalyticsQueryOptions = queryOptions({
  queryKey: queryKeys.adminAnalytics,
  queryFn: () => call(adminApi.analytics),
});

/** Reloaded by the admin event stream when a payment or user arrives; once a minute besides. */
export function useAdminAnalytics() {
  return useQuery({
    ...adminAnalyticsQueryOptions,
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
  });
}

/** Every balance against the sum of its ledger rows. */
export const ledgerCheckQueryOptions = queryOptions({
  queryKey: queryKeys.adminLedgerCheck,
  queryFn: () => call(adminApi.ledgerCheck),
});
