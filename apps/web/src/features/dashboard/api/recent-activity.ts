import type { Call, SmsMessage } from '@parley/shared';
import { smsApi, voiceApi } from '@parley/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { voiceKeys } from '@/lib/voice-query-keys';

/** Recent SMS messages (GET /api/sms/history) and SIP calls (GET /api/sip/history). */

export type SmsItem = Pick<
  SmsMessage,
  'id' | 'recipient' | 'message' | 'status' | 'cost' | 'createdAt'
>;

/** The dashboard shows the 3 latest SMS. */
export const RECENT_SMS = 3;

/** Under 'sms', so the SMS page's refresh after a send reloads it too. */
export const recentSmsQueryOptions = queryOptions({
  queryKey: [...queryKeys.smsRecent, RECENT_SMS],
  queryFn: () => call(smsApi.history, { query: { pageSize: RECENT_SMS } }).then((h) => h.items),
});

export type CallItem = Pick<
  Call,
  'id' | 'destination' | 'status' | 'duration' | 'cost' | 'createdAt'
>;

/** The dashboard shows the 3 latest calls. */
export const RECENT_CALLS = 3;

/** Under 'voice', so a call's progress (events, placing, hanging up) reloads it too. */
export const recentCallsQueryOptions = queryOptions({
  queryKey: [...voiceKeys.voiceRecent, RECENT_CALLS],
  queryFn: () =>
    call(voiceApi.history, { query: { pageSize: RECENT_CALLS } }).then(
      (h) => h.items as CallItem[],
    ),
});

interface ListState<T> {
  data: T[];
  isPending: boolean;
  isError: boolean;
}

export function useRecentSms(): ListState<SmsItem> {
  const { data, isPending, isError } = useQuery(recentSmsQueryOptions);
  return { data: data ?? [], isPending, isError };
}

export function useRecentCalls(): ListState<CallItem> {
  const { data, isPending, isError } = useQuery(recentCallsQueryOptions);
  return { data: data ?? [], isPending, isError };
}
