import type { TrunkSettingsInput } from '@parley/shared';
import { sipTrunkApi } from '@parley/shared/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const trunkSettingsQueryOptions = queryOptions({
  queryKey: queryKeys.trunkSettings,
  queryFn: () => call(sipTrunkApi.settings),
});

export function useTrunkSettings() {
  return useQuery(trunkSettingsQueryOptions);
}

export function useSaveTrunkSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TrunkSettingsInput) => call(sipTrunkApi.saveSettings, { body: input }),
    onSuccess: (saved) => queryClient.setQueryData(trunkSettingsQueryOptions.queryKey, saved),
  });
}
