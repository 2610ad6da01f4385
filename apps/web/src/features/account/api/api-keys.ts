import type { ApiKeyInput } from '@parley/shared';
import { apiKeysApi } from '@parley/shared/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const apiKeysQueryOptions = queryOptions({
  queryKey: queryKeys.apiKeys,
  queryFn: () => call(apiKeysApi.list),
});

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions);
}

/** Creates a key; its secret is in the answer only, so the caller shows it at once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyInput) => call(apiKeysApi.create, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(apiKeysApi.revoke, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
}
