import type { SmppAccountInput } from '@parley/shared';
import { smppServerApi } from '@parley/shared/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { pollWhileSeen } from '@/lib/polling';
import { queryKeys } from '@/lib/query-keys';

export const smppAccountsQueryOptions = queryOptions({
  queryKey: queryKeys.smppAccounts,
  queryFn: () => call(smppServerApi.accounts),
});

/** Reloaded every 10 s while the page is in front: a gateway binds or drops at any time. */
export function useSmppAccounts() {
  return useQuery({ ...smppAccountsQueryOptions, ...pollWhileSeen(10_000) });
}

/** Creates an account; its password is in the answer only, so the caller shows it at once. */
export function useCreateSmppAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SmppAccountInput) => call(smppServerApi.create, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.smppAccounts }),
  });
}

/** Removes an account (its sessions end); the list reloads whatever the answer. */
export function useRemoveSmppAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(smppServerApi.remove, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.smppAccounts }),
  });
}
