import type {
  AdminChatMessage,
  AdminChatSession,
  ChatMessage,
  ChatSession,
  ChatStatus,
} from '@parley/shared';
import { withFields } from '../../lib/with-fields.js';
import type { ChatMessageRow, ChatMessageWithAuthor, ChatSessionRow } from './chat.repo.js';
import type { AdminSessionRow } from './chat-admin.repo.js';

type Named = { id: string; firstName: string | null; lastName: string | null; email: string };

/** A person as the console names them: their name, or their email when they gave none. */
export const personOf = (p: Named | null) =>
  p ? { id: p.id, name: [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email } : null;

const mark = (n: number | null) => (n === null ? null : String(n));

/** A message as the customer sees it (a note is never shown to them). */
export const toChatMessage = (m: ChatMessageRow): ChatMessage => ({
  id: String(m.id),
  sessionId: m.sessionId,
  message: m.body,
  isAdminMessage: m.kind !== 'customer',
  createdAt: m.createdAt.toISOString(),
});

export const toAdminChatMessage = ({ message, author }: ChatMessageWithAuthor): AdminChatMessage =>
  withFields(toChatMessage(message), {
    kind: message.kind as AdminChatMessage['kind'],
    author: personOf(author),
  });

export const toChatSession = (s: ChatSessionRow, unread: number): ChatSession => ({
  id: s.id,
  subject: s.subject,
  status: s.status as ChatStatus,
  lastMessageAt: s.lastMessageAt?.toISOString() ?? null,
  customerReadUpTo: mark(s.customerReadUpTo),
  adminReadUpTo: mark(s.adminReadUpTo),
  unread,
  createdAt: s.createdAt.toISOString(),
});

export const toAdminChatSession = (r: AdminSessionRow): AdminChatSession => ({
  id: r.session.id,
  user: r.user,
  subject: r.session.subject,
  status: r.session.status as ChatStatus,
  lastMessageAt: r.session.lastMessageAt?.toISOString() ?? null,
  preview: r.preview,
  unread: Number(r.unread),
  assignee: personOf(r.assignee),
  customerReadUpTo: mark(r.session.customerReadUpTo),
  adminReadUpTo: mark(r.session.adminReadUpTo),
  createdAt: r.session.createdAt.toISOString(),
});
