import { setupAdminApi } from '@parley/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { call } from '@/lib/api';
import { pollWhileSeen } from '@/lib/polling';

export const setupQueryOptions = queryOptions({
  queryKey: adminKeys.adminSetup,
  queryFn: () => call(setupAdminApi.checklist),
});

/** The set-up checklist and the rate feed's last read; reloaded every 30 s while shown. */
export function useSetupChecklist() {
  return useQuery({
    ...setupQueryOptions,
    ...pollWhileSeen(30_000),
  });
}
