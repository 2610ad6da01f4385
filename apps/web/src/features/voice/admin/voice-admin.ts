import { voiceAdminApi } from '@parley/shared/api';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ADMIN_SIGN_IN } from '@/lib/admin-errors';
import { call } from '@/lib/api';
import { pollWhileSeen } from '@/lib/polling';
import { voiceKeys } from '@/lib/voice-query-keys';

export const ADMIN_CALLS_PAGE_SIZE = 20;

export const adminCallsQueryOptions = (page: number, activeOnly: boolean) =>
  queryOptions({
    queryKey: voiceKeys.adminCallsPage(page, activeOnly),
    queryFn: () =>
      call(voiceAdminApi.calls, {
        query: {
          page,
          pageSize: ADMIN_CALLS_PAGE_SIZE,
          ...(activeOnly ? { active: 'true' as const } : {}),
        },
      }),
  });

/** Every customer's calls; reloaded by call.updated events and every 10 s besides. */
export function useAdminCalls(page: number, activeOnly: boolean) {
  return useQuery({
    ...adminCallsQueryOptions(page, activeOnly),
    placeholderData: keepPreviousData,
    ...pollWhileSeen(10_000),
  });
}

/** Ends a call in progress; the lists and the gateway's count reload either way. */
export function useAdminHangup() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: ADMIN_SIGN_IN,
    mutationFn: (id: string) => call(voiceAdminApi.hangup, { params: { id } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: voiceKeys.adminCalls }),
        queryClient.invalidateQueries({ queryKey: voiceKeys.adminVoiceStatus }),
      ]),
  });
}

export const voiceStatusQueryOptions = queryOptions({
  queryKey: voiceKeys.adminVoiceStatus,
  queryFn: () => call(voiceAdminApi.status),
});

/** The voice gateway's mode, whether it can place calls, and how many run now. */
export function useVoiceGatewayStatus() {
  return useQuery({
    ...voiceStatusQueryOptions,
    ...pollWhileSeen(10_000),
  });
}

/** Caller ID codes waiting, listed while SMS go through the sandbox, for testers to read. */
export function useSandboxVerifications(enabled: boolean) {
  return useQuery({
    queryKey: voiceKeys.adminVoiceVerifications,
    queryFn: () => call(voiceAdminApi.verifications),
    enabled,
    ...pollWhileSeen(5_000),
  });
}
