import type { SmsMessage, SmsSendInput } from '@parley/shared';
import { smsApi } from '@parley/shared/api';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { call } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { SMS_SIGN_IN } from './sms-errors';

export const HISTORY_PAGE_SIZE = 10;

/** Statuses that will still change: the history polls while one of them shows. */
export const isInFlight = (status: SmsMessage['status']) =>
  status === 'queued' || status === 'sending' || status === 'sent';

export const smsHistoryQueryOptions = infiniteQueryOptions({
  queryKey: [...queryKeys.smsHistory, HISTORY_PAGE_SIZE],
  queryFn: ({ pageParam }) =>
    call(smsApi.history, { query: { page: pageParam, pageSize: HISTORY_PAGE_SIZE } }),
  initialPageParam: 1,
  getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
});

/** Sent in the last 15 minutes: worth watching for its delivery report. */
const isRecent = (createdAt: string) => Date.now() - new Date(createdAt).getTime() < 15 * 60_000;

/**
 * Ids of messages that turned final (delivered, or failed and refunded) between two
 * fetches: on its way before, final now; or first seen already final in a later fetch.
 */
export function newlyFinal(
  before: ReadonlyMap<string, SmsMessage['status']> | null,
  now: readonly SmsMessage[],
): string[] {
  if (!before) return [];
  return now
    .filter((m) => {
      if (isInFlight(m.status)) return false;
      const was = before.get(m.id);
      return was === undefined ? isRecent(m.createdAt) : isInFlight(was);
    })
    .map((m) => m.id);
}

/** Newest first; refetched every 3 s while a shown message is not final, so delivery shows. */
export function useSmsHistory() {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    ...smsHistoryQueryOptions,
    // Only while a recent message is on its way: an old one may wait for its receipt for hours.
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) =>
        p.items.some((m) => isInFlight(m.status) && isRecent(m.createdAt)),
      )
        ? 3000
        : false,
  });

  // A message turning final changes the balance (a failure is refunded): the balance
  // (here and on the dashboard) and the dashboard's list reload, as after a batch.
  const statuses = useRef<Map<string, SmsMessage['status']> | null>(null);
  const { data } = query;
  useEffect(() => {
    if (!data) return;
    const items = data.pages.flatMap((p) => p.items);
    const changed = newlyFinal(statuses.current, items).length > 0;
    statuses.current = new Map(items.map((m) => [m.id, m.status]));
    if (changed)
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.user }),
        queryClient.invalidateQueries({ queryKey: queryKeys.smsRecent }),
      ]);
  }, [data, queryClient]);
  return query;
}

/** What a message would cost; only asked for a valid, debounced draft (null otherwise). */
export function useSmsQuote(input: SmsSendInput | null) {
  return useQuery({
    queryKey: [...queryKeys.smsQuote, input?.senderId, input?.recipient, input?.message],
    queryFn: () => call(smsApi.quote, { body: input as SmsSendInput }),
    enabled: input !== null,
    staleTime: 60_000,
  });
}

/** After sending: the SMS lists (here and on the dashboard) and the balance reload. */
export function useRefreshAfterSending() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.sms }),
      queryClient.invalidateQueries({ queryKey: queryKeys.user }),
    ]);
}

/** Sends one SMS; afterwards the history (here and on the dashboard) and the balance reload. */
export function useSendSms() {
  const refresh = useRefreshAfterSending();
  return useMutation({
    meta: SMS_SIGN_IN,
    mutationFn: (input: SmsSendInput) => call(smsApi.send, { body: input }),
    onSuccess: refresh,
  });
}

export function useBulkPreview() {
  return useMutation({
    meta: SMS_SIGN_IN,
    mutationFn: (input: { senderId: string; message: string; file: string }) =>
      call(smsApi.bulkPreview, { body: input }),
  });
}

export function useBulkSend() {
  const refresh = useRefreshAfterSending();
  return useMutation({
    meta: SMS_SIGN_IN,
    mutationFn: (input: { senderId: string; message: string; recipients: string[] }) =>
      call(smsApi.bulkSend, { body: input }),
    onSuccess: refresh,
  });
}

export const batchQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.smsBatch(id),
    queryFn: () => call(smsApi.batch, { params: { id } }),
  });

/** A batch's progress: every second while messages wait, then every 3 s until all are final. */
export function useBatch(id: string) {
  return useQuery({
    ...batchQueryOptions(id),
    staleTime: 0,
    refetchInterval: (query) => {
      // A refused or failed request (401, 404, 500) is not asked again every second.
      if (query.state.status === 'error') return false;
      const b = query.state.data;
      if (!b || b.queued > 0) return 1000;
      return b.sent > 0 && isRecent(b.createdAt) ? 3000 : false;
    },
  });
}
