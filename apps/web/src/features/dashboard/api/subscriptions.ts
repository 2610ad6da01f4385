import { renewalsApi } from '@parley/shared/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ledgerKey, subscriptionsKey, subscriptionsQueryOptions } from '@/lib/account-queries';
import { call } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useStream } from '@/lib/use-stream';

export const useSubscriptions = () =>
  useQuery(subscriptionsQueryOptions(useTranslation().i18n.language));

/** After a change: the items, the orders list, the balance and the history. */
function useReload() {
  const client = useQueryClient();
  return () => {
    for (const queryKey of [subscriptionsKey, queryKeys.orders, queryKeys.user, ledgerKey])
      void client.invalidateQueries({ queryKey });
  };
}

/**
 * While the dashboard is open: a renewal charged, failed, suspended or ended (the job,
 * another tab, an admin) reloads what it touched.
 */
export function useSubscriptionUpdates() {
  const reload = useReload();
  useStream('customer', true, { 'subscription.updated': reload });
}

/** Stop renewing (the item runs to the end of its paid period) or renew again. */
export function useSetAutoRenew() {
  const reload = useReload();
  return useMutation({
    mutationFn: ({ id, autoRenew }: { id: string; autoRenew: boolean }) =>
      call(renewalsApi.update, { params: { id }, body: { autoRenew } }),
    onSettled: reload,
  });
}

/** Pay the missed period of an item in grace or suspended, and resume it. */
export function useReactivate() {
  const reload = useReload();
  return useMutation({
    mutationFn: (id: string) => call(renewalsApi.reactivate, { params: { id } }),
    onSettled: reload,
  });
}
