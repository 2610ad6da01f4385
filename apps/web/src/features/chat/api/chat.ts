import type { ChatMessage } from '@parley/shared';
import { chatApi } from '@parley/shared/api';
import { queryOptions } from '@tanstack/react-query';
import type { Cursor } from '@/features/chat/chat-thread';
import { call } from '@/lib/api';

export const chatKeys = { session: ['chat', 'session'] } as const;

/** The customer's conversation: opened on first use, resumed after. */
export const chatSessionQueryOptions = queryOptions({
  queryKey: chatKeys.session,
  queryFn: () => call(chatApi.session),
});

export const fetchChatMessages = (sessionId: string, cursor: Cursor) =>
  call(chatApi.messages, { query: { sessionId, ...cursor } });

export const sendChatMessage = (body: { sessionId: string; message: string; requestId: string }) =>
  call(chatApi.send, { body });

export const markChatRead = (sessionId: string, upTo: string) =>
  call(chatApi.read, { body: { sessionId, upTo } });

export const sendTyping = (sessionId: string) => call(chatApi.typing, { body: { sessionId } });

export type { ChatMessage };
