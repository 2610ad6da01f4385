import { setupApi } from '@parley/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { call } from '@/lib/api';

export const setupQueryOptions = queryOptions({
  queryKey: adminKeys.adminSetup,
  queryFn: () => call(setupApi.checklist),
});

/** The set-up checklist and the rate feed's last read; reloaded every 30 s while shown. */
export function useSetupChecklist() {
  return useQuery({
    ...setupQueryOptions,
    refetchInterval: 30_000,
    refetchIntervalInBackground: false,
  });
}
