import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { adminKeys } from '@/lib/admin-query-keys';
import { fullName } from '@/lib/current-user';
import { showToast } from '@/lib/toast';
import { useStream, useStreamUp } from '@/lib/use-stream';
import {
  CHECK_WHILE_UP_MS,
  chatSessionQueryOptions,
  chatSummaryQueryOptions,
  SESSIONS_POLL_MS,
} from '../../api/admin-chat';

/**
 * For admins on every page (mounted once, with the navbar's menu): a 10-second toast
 * when a customer writes, unless that conversation is on screen, and the counts kept
 * fresh from the admin stream.
 */
export function ChatAlerts() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const reload = (sessionId?: string) => {
    for (const queryKey of [
      adminKeys.adminChatSessions,
      adminKeys.adminChatSummary,
      ...(sessionId ? [adminKeys.adminChatSession(sessionId)] : []),
    ])
      void queryClient.invalidateQueries({ queryKey });
  };
  useStream('admin', true, {
    connected: () => reload(),
    'chat.message': ({ sessionId, message }) => {
      reload(sessionId);
      if (message.isAdminMessage) return;
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
            message.message.length > 120 ? `${message.message.slice(0, 120)}…` : message.message,
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
  return (
    <span
      className="ms-1 rounded-full bg-red-700 px-1.5 text-xs font-bold text-white"
      data-testid="nav-chat-unread"
    >
      <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
      <span className="sr-only">{t('adminChat.unreadConversations', { count: unread })}</span>
    </span>
  );
}
