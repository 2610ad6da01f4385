import type { TrunkSettings, TrunkSettingsInput } from '@parley/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const trunkSettingsQueryOptions = queryOptions({
  queryKey: ['sip-trunk', 'settings'],
  queryFn: () => apiFetch<TrunkSettings>('/api/sip-trunk/settings'),
});

export function useTrunkSettings() {
  return useQuery(trunkSettingsQueryOptions);
}

export function useSaveTrunkSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TrunkSettingsInput) =>
      apiFetch<TrunkSettings>('/api/sip-trunk/settings', {
        method: 'PUT',
        body: JSON.stringify(input),
      }),
    onSuccess: (saved) => queryClient.setQueryData(trunkSettingsQueryOptions.queryKey, saved),
  });
}
