import type { SmsMessage } from '@parley/shared';
import { smsApi } from '@parley/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/**
 * Recent SMS messages and SIP calls. SMS come from GET
 * /api/sms/history; the server has no SIP history yet, so calls answer an empty list
 * without asking it. When GET /api/sip/history exists, useRecentCalls becomes a
 * useQuery with its fetcher and the card needs no change.
 */

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

export interface CallItem {
  id: string;
  destination: string;
  status: string;
  duration: number | null;
  cost: string;
  createdAt: string;
}

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
  return { data: [], isPending: false, isError: false };
}
