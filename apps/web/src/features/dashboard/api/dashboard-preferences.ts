import type { DashboardPreferences, DashboardPreferencesInput } from '@parley/shared';
import { DEFAULT_DASHBOARD_PREFERENCES } from '@parley/shared/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

const PATH = '/api/dashboard/preferences';

export const preferencesQueryOptions = queryOptions({
  queryKey: ['dashboard', 'preferences'],
  queryFn: () => apiFetch<DashboardPreferences>(PATH),
});

/** The saved widget settings; the defaults while they load or if they cannot. */
export function useDashboardPreferences() {
  const query = useQuery(preferencesQueryOptions);
  const preferences: DashboardPreferences = query.data ?? {
    ...DEFAULT_DASHBOARD_PREFERENCES,
    updatedAt: null,
  };
  return { preferences, isPending: query.isPending };
}

/** Saves one or more settings; the page changes at once and goes back if saving fails. */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  const key = preferencesQueryOptions.queryKey;
  return useMutation({
    mutationKey: key,
    mutationFn: (changes: DashboardPreferencesInput) =>
      apiFetch<DashboardPreferences>(PATH, { method: 'PUT', body: JSON.stringify(changes) }),
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      const base = previous ?? { ...DEFAULT_DASHBOARD_PREFERENCES, updatedAt: null };
      queryClient.setQueryData(key, { ...base, ...changes });
      return { previous };
    },
    onError: (_err, _changes, context) => queryClient.setQueryData(key, context?.previous),
    onSuccess: (saved) => {
      // While a later change is on its way, its optimistic value stays; its answer
      // (the server merges every change) brings the whole state.
      if (queryClient.isMutating({ mutationKey: key }) <= 1) queryClient.setQueryData(key, saved);
    },
  });
}
