import type { ChatMessage, ChatSession } from '@parley/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type LucideIcon, Minus, X } from 'lucide-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Composer } from '@/components/chat/composer';
import { MessageList } from '@/components/chat/message-list';
import { UnreadBadge } from '@/components/chat/unread-badge';
import { Button } from '@/components/ui/button';
import { laterId, useChatThread } from '@/features/chat/chat-thread';
import { type ChatDockState, setChatDock, useChatDock } from '@/features/chat/dock-state';
import { useTypingFrom } from '@/features/chat/use-typing';
import { useStream, useStreamUp } from '@/lib/use-stream';
import { chatKeys, chatSessionQueryOptions, fetchChatMessages, sendTyping } from '../api/chat';
import { useReplyReadMarks, useSendChat } from './dock-hooks';

/** Messages refresh every 3 s while the live stream is down (and every 30 s while up). */
const POLL_MS = 3_000;
const SESSION_POLL_MS = 15_000;

/** An icon button on the window's bar that folds or closes it. */
function BarButton({
  label,
  icon: Icon,
  to,
}: {
  label: string;
  icon: LucideIcon;
  to: ChatDockState;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-8 text-primary-foreground hover:bg-primary-foreground/20 hover:text-primary-foreground"
      aria-label={label}
      title={label}
      onClick={() => setChatDock(to)}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}

/**
 * The customer's chat window, open or minimised to its header bar (which shows how many
 * replies are unread). Messages arrive on the tab's event stream; when it is down, the
 * window asks every 3 s. A message is sent with its own request id, so a retry never
 * sends it twice.
 */
export default function ChatDock() {
  const { t } = useTranslation();
  const dock = useChatDock();
  const open = dock === 'open';
  const queryClient = useQueryClient();
  const streamUp = useStreamUp('customer');
  // Its status and read marks come with the stream; while it is down, asked for now and then.
  const session = useQuery({
    ...chatSessionQueryOptions,
    refetchInterval: streamUp ? false : SESSION_POLL_MS,
  });
  const sessionId = session.data?.id ?? null;
  const thread = useChatThread<ChatMessage>({
    sessionId,
    fetchPage: (cursor) => fetchChatMessages(sessionId ?? '', cursor),
    streamUp,
    pollMs: POLL_MS,
  });
  const typing = useTypingFrom();
  const [seenByAdmin, setSeenByAdmin] = useState<string | null>(null);
  const [readUpTo, setReadUpTo] = useState<string | null>(null);

  useEffect(() => {
    if (!session.data) return;
    setSeenByAdmin((s) =>
      session.data.adminReadUpTo ? laterId(s, session.data.adminReadUpTo) : s,
    );
    setReadUpTo((s) =>
      session.data.customerReadUpTo ? laterId(s, session.data.customerReadUpTo) : s,
    );
  }, [session.data]);

  useStream('customer', sessionId !== null, {
    connected: () => void thread.catchUp(),
    'chat.message': ({ sessionId: id, message }) => {
      if (id !== sessionId) return;
      thread.add([message]);
      if (message.isAdminMessage) typing.clear();
    },
    'chat.typing': (e) => {
      if (e.sessionId === sessionId && e.by === 'admin') typing.show(e.until);
    },
    'chat.read': (e) => {
      if (e.sessionId === sessionId && e.by === 'admin') setSeenByAdmin((s) => laterId(s, e.upTo));
    },
    'chat.status': (e) => {
      if (e.sessionId !== sessionId) return;
      queryClient.setQueryData<ChatSession>(chatKeys.session, (s) =>
        s ? { ...s, status: e.status } : s,
      );
    },
  });

  // Replies the customer has not seen: counted while minimised, marked read while open.
  const unread = useReplyReadMarks(open, sessionId, thread.messages, readUpTo, setReadUpTo);
  const send = useSendChat(sessionId, (message) => thread.add([message]));

  const bar = useRef<HTMLButtonElement>(null);
  const title = t('chat.title');
  return (
    <>
      {!open && unread > 0 && <UnreadBadge count={unread} />}
      <section
        aria-label={title}
        onKeyDown={(e) => {
          // Escape folds the window to its bar, which keeps the focus.
          if (e.key === 'Escape' && open) {
            setChatDock('minimised');
            bar.current?.focus();
          }
        }}
        data-testid="chat-window"
        data-state={dock}
        data-stream={streamUp ? 'up' : 'down'}
        className="fixed inset-x-2 bottom-20 z-40 flex max-h-[min(32rem,calc(100dvh-7rem))] flex-col overflow-hidden rounded-lg border bg-background shadow-xl sm:inset-x-auto sm:end-4 sm:w-96"
      >
        <DockBar barRef={bar} open={open} unread={unread} title={title} />
        {open && (
          <>
            {session.isError ? (
              <p role="alert" className="p-4 text-sm text-destructive">
                {t('chat.noSession')}
              </p>
            ) : (
              <DockMessages
                messages={thread.messages}
                seenByAdmin={seenByAdmin}
                typing={typing.active}
                hasOlder={thread.hasOlder}
                onLoadOlder={() => void thread.loadOlder()}
                loading={thread.status === 'loading'}
              />
            )}
            {session.data?.status === 'resolved' && (
              <p className="border-t px-3 py-1 text-xs text-muted-foreground">
                {t('chat.resolved')}
              </p>
            )}
            <DockComposer sessionId={sessionId} send={send} />
          </>
        )}
      </section>
    </>
  );
}

/** The window's bar: its title (which folds or unfolds it, with the unread count), minimise, close. */
function DockBar({
  barRef,
  open,
  unread,
  title,
}: {
  barRef: RefObject<HTMLButtonElement | null>;
  open: boolean;
  unread: number;
  title: string;
}) {
  const { t } = useTranslation();
  return (
    <header className="flex items-center gap-2 border-b bg-primary px-3 py-2 text-primary-foreground">
      <h2 className="flex-1 truncate font-semibold">
        <button
          ref={barRef}
          type="button"
          className="w-full text-start"
          aria-expanded={open}
          onClick={() => setChatDock(open ? 'minimised' : 'open')}
        >
          {title}
          {!open && unread > 0 && (
            <span className="ms-2 rounded-full bg-background px-2 text-xs text-foreground">
              {t('chat.unread', { count: unread })}
            </span>
          )}
        </button>
      </h2>
      {open && <BarButton label={t('chat.minimise')} icon={Minus} to="minimised" />}
      <BarButton label={t('chat.close')} icon={X} to="closed" />
    </header>
  );
}

/** The conversation: the customer's messages (marked seen once support read them) and support's. */
function DockMessages({
  messages,
  seenByAdmin,
  typing,
  hasOlder,
  onLoadOlder,
  loading,
}: {
  messages: readonly ChatMessage[];
  seenByAdmin: string | null;
  typing: boolean;
  hasOlder: boolean;
  onLoadOlder: () => void;
  loading: boolean;
}) {
  const { t } = useTranslation();
  return (
    <MessageList
      className="min-h-48 flex-1"
      messages={messages.map((m) => ({
        id: m.id,
        message: m.message,
        createdAt: m.createdAt,
        side: m.isAdminMessage ? 'theirs' : 'mine',
        author: m.isAdminMessage ? t('chat.support') : null,
        seen: !m.isAdminMessage && seenByAdmin !== null && Number(m.id) <= Number(seenByAdmin),
      }))}
      typing={typing ? t('chat.supportTyping') : null}
      hasOlder={hasOlder}
      onLoadOlder={onLoadOlder}
      empty={loading ? t('common.loading') : t('chat.welcome')}
    />
  );
}

/** The message box; read-only until the conversation is known. */
function DockComposer({
  sessionId,
  send,
}: {
  sessionId: string | null;
  send: ReturnType<typeof useSendChat>;
}) {
  const { t } = useTranslation();
  return (
    <Composer
      autoFocus
      label={t('chat.messageLabel')}
      placeholder={t('chat.placeholder')}
      sendLabel={t('chat.send')}
      // Read-only until the conversation is known, so nothing is typed into nowhere.
      sending={send.isPending || !sessionId}
      onSend={(text) =>
        send.mutateAsync(text).then(
          () => true,
          () => false,
        )
      }
      onTyping={() => {
        if (sessionId) sendTyping(sessionId).catch(() => undefined);
      }}
    />
  );
}
