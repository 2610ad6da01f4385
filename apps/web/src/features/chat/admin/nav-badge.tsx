import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isOld, shorten } from '@/features/chat/chat-thread';
import { adminKeys } from '@/lib/admin-query-keys';
import { fullName } from '@/lib/current-user';
import { showToast } from '@/lib/toast';
import { useStream, useStreamUp } from '@/lib/use-stream';
import {
  CHECK_WHILE_UP_MS,
  chatSessionQueryOptions,
  chatSummaryQueryOptions,
  SESSIONS_POLL_MS,
} from './admin-chat';

const RELOAD_AFTER_MS = 300;

/**
 * For admins on every page (mounted once, with the navbar's menu): a 10-second toast
 * when a customer writes, unless that conversation is on screen, and the counts kept
 * fresh from the admin stream.
 */
export function ChatAlerts() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Events come in bursts (a replay after a reconnect, a typed conversation): the lists
  // reload once per burst.
  const pending = useRef<{ timer?: ReturnType<typeof setTimeout>; sessions: Set<string> }>({
    sessions: new Set(),
  });
  const reload = (sessionId?: string) => {
    const batch = pending.current;
    if (sessionId) batch.sessions.add(sessionId);
    if (batch.timer) return;
    batch.timer = setTimeout(() => {
      const sessions = [...batch.sessions];
      batch.sessions.clear();
      batch.timer = undefined;
      for (const queryKey of [
        adminKeys.adminChatSessions,
        adminKeys.adminChatSummary,
        ...sessions.map((id) => adminKeys.adminChatSession(id)),
      ])
        void queryClient.invalidateQueries({ queryKey });
    }, RELOAD_AFTER_MS);
  };
  useEffect(() => () => clearTimeout(pending.current.timer), []);
  useStream('admin', true, {
    connected: () => reload(),
    'chat.message': ({ sessionId, message }) => {
      reload(sessionId);
      // Replayed after a reconnect, an old message is news no more: no toast.
      if (message.isAdminMessage || isOld(message.createdAt)) return;
      const onScreen =
        window.location.pathname === '/admin-chat' &&
        new URLSearchParams(window.location.search).get('session') === sessionId;
      if (onScreen && document.visibilityState === 'visible') return;
      void queryClient
        .fetchQuery(chatSessionQueryOptions(sessionId))
        .catch(() => null)
        .then((session) => {
          const who = session ? fullName(session.user) || session.user.email : '';
          showToast(
            'info',
            who ? t('adminChat.toast.title', { name: who }) : t('adminChat.toast.titleAnon'),
            shorten(message.message, 120),
            10_000,
            {
              label: t('adminChat.toast.open'),
              onClick: () => void navigate(`/admin-chat?session=${sessionId}`),
            },
          );
        });
    },
    'chat.read': (e) => reload(e.sessionId),
    'chat.status': (e) => reload(e.sessionId),
    'chat.internal': (e) => reload(e.sessionId),
  });
  return null;
}

/**
 * How many conversations have customer messages no admin has seen, beside the Live Chat
 * link. Follows the stream (ChatAlerts reloads it); while the stream is down, every 5 s.
 */
export function ChatUnreadCount() {
  const { t } = useTranslation();
  const streamUp = useStreamUp('admin');
  const summary = useQuery({
    ...chatSummaryQueryOptions,
    refetchInterval: streamUp ? CHECK_WHILE_UP_MS : SESSIONS_POLL_MS,
  });
  const unread = summary.data?.unread ?? 0;
  if (unread === 0) return null;
  // The link's name holds the count as it is seen ("99+"), as a name must hold its visible text.
  const shown = unread > 99 ? '99+' : String(unread);
  return (
    <span
      className="ms-1 rounded-full bg-red-700 px-1.5 text-xs font-bold text-white"
      data-testid="nav-chat-unread"
    >
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">{t('adminChat.unreadConversations', { count: shown })}</span>
    </span>
  );
}
