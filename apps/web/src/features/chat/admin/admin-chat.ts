import type { AdminChatSession, ChatFilter } from '@parley/shared';
import {
  chatAdminApi,
  ordersAdminApi,
  paymentsAdminApi,
  smsAdminApi,
  usersAdminApi,
  voiceAdminApi,
} from '@parley/shared/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Cursor } from '@/features/chat/chat-thread';
import { adminKeys } from '@/lib/admin-query-keys';
import { call } from '@/lib/api';

/** The conversation list is asked for every 5 s while the stream is down. */
export const SESSIONS_POLL_MS = 5_000;
export const MESSAGES_POLL_MS = 3_000;
/** While the stream is up, the lists follow its events; a slow check backs them up. */
export const CHECK_WHILE_UP_MS = 30_000;

export type SessionsFilter = { filter: ChatFilter; q: string; page: number };

export const chatSessionsQueryOptions = (f: SessionsFilter) =>
  queryOptions({
    queryKey: [...adminKeys.adminChatSessions, f.filter, f.q, f.page],
    queryFn: () =>
      call(chatAdminApi.sessions, {
        query: { filter: f.filter, ...(f.q ? { q: f.q } : {}), page: f.page },
      }),
    placeholderData: keepPreviousData,
  });

export const chatSummaryQueryOptions = queryOptions({
  queryKey: adminKeys.adminChatSummary,
  queryFn: () => call(chatAdminApi.summary),
});

export const chatSessionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.adminChatSession(id),
    queryFn: () => call(chatAdminApi.session, { params: { id } }),
  });

export const cannedQueryOptions = queryOptions({
  queryKey: adminKeys.adminChatCanned,
  queryFn: () => call(chatAdminApi.canned),
});

export const agentsQueryOptions = queryOptions({
  queryKey: adminKeys.adminChatAgents,
  queryFn: () => call(chatAdminApi.agents),
});

export const fetchAdminMessages = (id: string, cursor: Cursor) =>
  call(chatAdminApi.messages, { params: { id }, query: cursor });

export const chatApiCalls = {
  reply: (sessionId: string, message: string, requestId: string) =>
    call(chatAdminApi.reply, { body: { sessionId, message, requestId } }),
  note: (sessionId: string, message: string, requestId: string) =>
    call(chatAdminApi.note, { body: { sessionId, message, requestId } }),
  update: (id: string, body: { status?: AdminChatSession['status']; assigneeId?: string | null }) =>
    call(chatAdminApi.update, { params: { id }, body }),
  read: (id: string, upTo: string) => call(chatAdminApi.read, { params: { id }, body: { upTo } }),
  typing: (sessionId: string) => call(chatAdminApi.typing, { body: { sessionId } }),
};

/** The customer beside the conversation: account, pending payments, last SMS and calls, items. */
export function useChatCustomer(userId: string) {
  const key = adminKeys.adminChatCustomer(userId);
  const params = { id: userId };
  return {
    user: useQuery({
      queryKey: [...key, 'user'],
      queryFn: () => call(usersAdminApi.get, { params }),
    }),
    pending: useQuery({
      queryKey: [...key, 'pending'],
      queryFn: () => call(paymentsAdminApi.forUser, { params, query: { status: 'pending' } }),
    }),
    sms: useQuery({
      queryKey: [...key, 'sms'],
      queryFn: () => call(smsAdminApi.forUser, { params, query: { pageSize: 5 } }),
    }),
    calls: useQuery({
      queryKey: [...key, 'calls'],
      queryFn: () => call(voiceAdminApi.forUser, { params, query: { pageSize: 5 } }),
    }),
    orders: useQuery({
      queryKey: [...key, 'orders'],
      queryFn: () => call(ordersAdminApi.forUser, { params, query: { pageSize: 100 } }),
    }),
  };
}
