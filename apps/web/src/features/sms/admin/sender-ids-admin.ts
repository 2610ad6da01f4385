import type { SenderRequestStatus } from '@parley/shared';
import { smsAdminApi } from '@parley/shared/api';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ADMIN_SIGN_IN } from '@/lib/admin-errors';
import { adminKeys } from '@/lib/admin-query-keys';
import { call } from '@/lib/api';
import { pollWhileSeen } from '@/lib/polling';

export const SENDER_IDS_PAGE_SIZE = 20;
const KEY = adminKeys.adminSenderIds;

export const adminSenderIdsQueryOptions = (status: SenderRequestStatus | 'all', page: number) =>
  queryOptions({
    queryKey: [...KEY, status, page],
    queryFn: () =>
      call(smsAdminApi.senderIds, {
        query: {
          page,
          pageSize: SENDER_IDS_PAGE_SIZE,
          ...(status === 'all' ? {} : { status }),
        },
      }),
  });

/** Refetched every 10 s while the tab is visible, as the other admin lists. */
export function useAdminSenderIds(status: SenderRequestStatus | 'all', page: number) {
  return useQuery({
    ...adminSenderIdsQueryOptions(status, page),
    placeholderData: keepPreviousData,
    ...pollWhileSeen(10_000),
  });
}

/** Approves or rejects a request; whatever the answer, the lists reload. */
export function useDecideSender() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: ADMIN_SIGN_IN,
    mutationFn: ({
      id,
      action,
      note,
    }: {
      id: string;
      action: 'approve' | 'reject';
      note: string;
    }) =>
      call(action === 'approve' ? smsAdminApi.approveSenderId : smsAdminApi.rejectSenderId, {
        params: { id },
        body: note.trim() ? { note: note.trim() } : {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
