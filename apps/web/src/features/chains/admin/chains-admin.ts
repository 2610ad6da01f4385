import type { ChainDepositsQuery, DepositResolveInput, KeyFamily } from '@parley/shared';
import { chainsAdminApi } from '@parley/shared/api';
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

/** Under the admin panel's key, so everything under `admin` reloads together. */
const chainsKey = ['admin', 'chains'] as const;

export const watchKeysQueryOptions = queryOptions({
  queryKey: [...chainsKey, 'watch-keys'],
  queryFn: () => call(chainsAdminApi.watchKeys),
});

export const chainStatusQueryOptions = queryOptions({
  queryKey: [...chainsKey, 'status'],
  queryFn: () => call(chainsAdminApi.status),
});

export function useWatchKeys() {
  return useQuery({ ...watchKeysQueryOptions, ...pollWhileSeen(30_000) });
}

/** The watchers' view of each network, every 10 s while the tab is seen. */
export function useChainStatus() {
  return useQuery({ ...chainStatusQueryOptions, ...pollWhileSeen(10_000) });
}

/** A page of on-chain deposits, every 10 s while the tab is seen; the last page stays while the next loads. */
export function useChainDeposits(query: ChainDepositsQuery) {
  return useQuery({
    queryKey: [...chainsKey, 'deposits', query],
    queryFn: () => call(chainsAdminApi.deposits, { query }),
    placeholderData: keepPreviousData,
    ...pollWhileSeen(10_000),
  });
}

/** A key's first addresses, for the admin to compare with their wallet; nothing is saved. */
export function usePreviewWatchKey() {
  return useMutation({
    meta: ADMIN_SIGN_IN,
    mutationFn: (body: { family: KeyFamily; key: string }) =>
      call(chainsAdminApi.previewWatchKey, { body }),
  });
}

export function useWatchKeyMutations() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: chainsKey }),
      // A watched network takes payments: the set-up checklist counts it as a wallet.
      queryClient.invalidateQueries({ queryKey: adminKeys.adminSetup }),
    ]);
  return {
    set: useMutation({
      meta: ADMIN_SIGN_IN,
      mutationFn: ({ family, key }: { family: KeyFamily; key: string }) =>
        call(chainsAdminApi.setWatchKey, { params: { family }, body: { key } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      meta: ADMIN_SIGN_IN,
      mutationFn: (family: KeyFamily) =>
        call(chainsAdminApi.removeWatchKey, { params: { family } }),
      onSettled: refresh,
    }),
  };
}

/** An admin's decision on a flagged deposit; the lists reload whatever the answer. */
export function useResolveDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: ADMIN_SIGN_IN,
    mutationFn: ({ id, ...body }: DepositResolveInput & { id: string }) =>
      call(chainsAdminApi.resolveDeposit, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chainsKey }),
  });
}
