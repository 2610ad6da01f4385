import type { GuardrailsInput } from '@parley/shared';
import { guardrailsApi } from '@parley/shared/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const guardrailsQueryOptions = queryOptions({
  queryKey: queryKeys.guardrails,
  queryFn: () => call(guardrailsApi.get),
});

export function useGuardrails() {
  return useQuery(guardrailsQueryOptions);
}

export function useSaveGuardrails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GuardrailsInput) => call(guardrailsApi.save, { body: input }),
    onSuccess: (saved) => queryClient.setQueryData(guardrailsQueryOptions.queryKey, saved),
  });
}
