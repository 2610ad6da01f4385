import type {
  BulkBatch,
  BulkPreview,
  SmsHistory,
  SmsMessage,
  SmsQuote,
  SmsSendInput,
} from '@parley/shared';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { userQueryOptions } from '@/lib/current-user';

/** Every SMS query starts with 'sms', so one invalidation refreshes them all (dashboard too). */
export const SMS_KEY = ['sms'] as const;
export const HISTORY_PAGE_SIZE = 10;

/** Statuses that will still change: the history polls while one of them shows. */
export const isInFlight = (status: SmsMessage['status']) =>
  status === 'queued' || status === 'sending' || status === 'sent';

const post = <T>(path: string, body: unknown) =>
  apiFetch<T>(path, { method: 'POST', body: JSON.stringify(body) });

export const smsHistoryQueryOptions = infiniteQueryOptions({
  queryKey: [...SMS_KEY, 'history', HISTORY_PAGE_SIZE],
  queryFn: ({ pageParam }) =>
    apiFetch<SmsHistory>(`/api/sms/history?page=${pageParam}&pageSize=${HISTORY_PAGE_SIZE}`),
  initialPageParam: 1,
  getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
});

/** Newest first; refetched every 3 s while a shown message is not final, so delivery shows. */
/** Sent in the last 15 minutes: worth watching for its delivery report. */
const isRecent = (createdAt: string) => Date.now() - new Date(createdAt).getTime() < 15 * 60_000;

export function useSmsHistory() {
  return useInfiniteQuery({
    ...smsHistoryQueryOptions,
    // Only while a recent message is on its way: an old one may wait for its receipt for hours.
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) =>
        p.items.some((m) => isInFlight(m.status) && isRecent(m.createdAt)),
      )
        ? 3000
        : false,
  });
}

/** What a message would cost; only asked for a valid, debounced draft (null otherwise). */
export function useSmsQuote(input: SmsSendInput | null) {
  return useQuery({
    queryKey: ['sms-quote', input?.senderId, input?.recipient, input?.message],
    queryFn: () => post<SmsQuote>('/api/sms/quote', input),
    enabled: input !== null,
    staleTime: 60_000,
  });
}

/** After sending: the SMS lists (here and on the dashboard) and the balance reload. */
export function useRefreshAfterSending() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: SMS_KEY }),
      queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey }),
    ]);
}

/** Sends one SMS; afterwards the history (here and on the dashboard) and the balance reload. */
export function useSendSms() {
  const refresh = useRefreshAfterSending();
  return useMutation({
    mutationFn: (input: SmsSendInput) => post<SmsMessage>('/api/sms/send', input),
    onSuccess: refresh,
  });
}

export function useBulkPreview() {
  return useMutation({
    mutationFn: (input: { senderId: string; message: string; file: string }) =>
      post<BulkPreview>('/api/sms/bulk/preview', input),
  });
}

export function useBulkSend() {
  const refresh = useRefreshAfterSending();
  return useMutation({
    mutationFn: (input: { senderId: string; message: string; recipients: string[] }) =>
      post<{ batchId: string; count: number }>('/api/sms/bulk/send', input),
    onSuccess: refresh,
  });
}

export const batchQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...SMS_KEY, 'batch', id],
    queryFn: () => apiFetch<BulkBatch>(`/api/sms/batches/${encodeURIComponent(id)}`),
  });

/** A batch's progress: every second while messages wait, then every 3 s until all are final. */
export function useBatch(id: string) {
  return useQuery({
    ...batchQueryOptions(id),
    staleTime: 0,
    refetchInterval: (query) => {
      const b = query.state.data;
      if (!b || b.queued > 0) return 1000;
      return b.sent > 0 && isRecent(b.createdAt) ? 3000 : false;
    },
  });
}
