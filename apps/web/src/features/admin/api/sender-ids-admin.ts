import type { AdminSenderList, SenderRequest, SenderRequestStatus } from '@parley/shared';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const SENDER_IDS_PAGE_SIZE = 20;
const KEY = ['admin', 'sender-ids'] as const;

export const adminSenderIdsQueryOptions = (status: SenderRequestStatus | 'all', page: number) =>
  queryOptions({
    queryKey: [...KEY, status, page],
    queryFn: () => {
      const query = new URLSearchParams({
        page: String(page),
        pageSize: String(SENDER_IDS_PAGE_SIZE),
      });
      if (status !== 'all') query.set('status', status);
      return apiFetch<AdminSenderList>(`/api/admin/sender-ids?${query}`);
    },
  });

/** Refetched every 10 s while the tab is visible, as the other admin lists. */
export function useAdminSenderIds(status: SenderRequestStatus | 'all', page: number) {
  return useQuery({
    ...adminSenderIdsQueryOptions(status, page),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
    refetchIntervalInBackground: false,
  });
}

/** Approves or rejects a request; whatever the answer, the lists reload. */
export function useDecideSender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      action,
      note,
    }: {
      id: string;
      action: 'approve' | 'reject';
      note: string;
    }) =>
      apiFetch<SenderRequest>(`/api/admin/sender-ids/${id}/${action}`, {
        method: 'POST',
        body: JSON.stringify(note.trim() ? { note: note.trim() } : {}),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
