import type { DashboardPreferences, DashboardPreferencesInput } from '@parley/shared';
import { dashboardApi } from '@parley/shared/api';
import { DEFAULT_DASHBOARD_PREFERENCES } from '@parley/shared/domain';
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

type Settings = Omit<DashboardPreferences, 'updatedAt'>;
type SettingKey = keyof Settings;

const defaults = (): DashboardPreferences => ({
  ...DEFAULT_DASHBOARD_PREFERENCES,
  updatedAt: null,
});

const DEFAULTS = defaults();

export const preferencesQueryOptions = queryOptions({
  queryKey: queryKeys.dashboardPreferences,
  queryFn: () => call(dashboardApi.preferences),
});

/** The saved widget settings; the defaults while they load or if they cannot. */
export function useDashboardPreferences() {
  const query = useQuery(preferencesQueryOptions);
  // The same object each time, so the cards that depend on it do not redraw while it loads.
  const preferences: DashboardPreferences = query.data ?? DEFAULTS;
  return { preferences, isPending: query.isPending };
}

// Which change last touched each setting, per cache: a failed change puts back only the
// settings no later change has touched since.
const owners = new WeakMap<QueryClient, Map<SettingKey, number>>();
let sequence = 0;

function ownersOf(queryClient: QueryClient): Map<SettingKey, number> {
  const known = owners.get(queryClient);
  if (known) return known;
  const map = new Map<SettingKey, number>();
  owners.set(queryClient, map);
  return map;
}

/**
 * Saves one or more settings; the page changes at once. If saving fails, the settings this
 * change set go back to what they were (the defaults when nothing had loaded), unless a
 * later change has set them since; then the saved state is fetched from the server.
 */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  const key = preferencesQueryOptions.queryKey;
  return useMutation({
    mutationKey: key,
    mutationFn: (changes: DashboardPreferencesInput) =>
      call(dashboardApi.savePreferences, { body: changes }),
    onMutate: async (changes) => {
      const base = queryClient.getQueryData(key) ?? defaults();
      const id = ++sequence;
      const changed = Object.keys(changes) as SettingKey[];
      // Only the settings this change sets, as they were before it.
      const snapshot: Partial<Settings> = {};
      for (const name of changed) {
        Object.assign(snapshot, { [name]: base[name] });
        ownersOf(queryClient).set(name, id);
      }
      // Shown at once (a checkbox must change under the click), and again after an
      // in-flight load is cancelled, since cancelling puts back what was there before it.
      const apply = () =>
        queryClient.setQueryData(key, (current) => ({ ...(current ?? defaults()), ...changes }));
      apply();
      await queryClient.cancelQueries({ queryKey: key });
      apply();
      return { id, snapshot };
    },
    onError: (_err, _changes, context) => {
      if (!context) return;
      const mine = ownersOf(queryClient);
      const restore: Partial<Settings> = {};
      for (const [name, value] of Object.entries(context.snapshot) as [SettingKey, unknown][]) {
        if (mine.get(name) !== context.id) continue;
        Object.assign(restore, { [name]: value });
        mine.delete(name);
      }
      queryClient.setQueryData(key, (current) => ({ ...(current ?? defaults()), ...restore }));
      // The server knows what was saved; ask it once no other change is on its way (that
      // change's answer brings the whole state instead).
      if (queryClient.isMutating({ mutationKey: key }) <= 1)
        void queryClient.invalidateQueries({ queryKey: key });
    },
    onSuccess: (saved, _changes, context) => {
      const mine = ownersOf(queryClient);
      for (const [name, id] of mine) if (id === context.id) mine.delete(name);
      // While a later change is on its way, its optimistic value stays; its answer
      // (the server merges every change) brings the whole state.
      if (queryClient.isMutating({ mutationKey: key }) <= 1) queryClient.setQueryData(key, saved);
    },
  });
}
