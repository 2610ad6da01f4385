/**
 * Recent SMS messages and SIP calls (SPEC §3 entities). The server has no SMS or SIP
 * history yet, so these answer an empty list without asking it. When GET
 * /api/sms/history and GET /api/sip/history exist, each hook becomes a useQuery with
 * its fetcher and the cards need no change.
 */

export interface SmsItem {
  id: string;
  recipient: string;
  message: string;
  status: string;
  cost: string;
  createdAt: string;
}

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
  return { data: [], isPending: false, isError: false };
}

export function useRecentCalls(): ListState<CallItem> {
  return { data: [], isPending: false, isError: false };
}
