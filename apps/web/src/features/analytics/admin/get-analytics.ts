import { analyticsAdminApi, paymentsAdminApi } from '@parley/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { call } from '@/lib/api';
import { pollWhileSeen } from '@/lib/polling';

export const adminAnalyticsQueryOptions = queryOptions({
  queryKey: adminKeys.adminAnalytics,
  queryFn: () => call(analyticsAdminApi.get),
});

/** Reloaded by the admin event stream when a payment or user arrives; once a minute besides. */
export function useAdminAnalytics() {
  return useQuery({
    ...adminAnalyticsQueryOptions,
    ...pollWhileSeen(60_000),
  });
}

/** Every balance against the sum of its ledger rows. */
export const ledgerCheckQueryOptions = queryOptions({
  queryKey: adminKeys.adminLedgerCheck,
  queryFn: () => call(paymentsAdminApi.ledgerCheck),
});
