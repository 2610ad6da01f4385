import type { AdminChatMessage, AdminChatSession } from '@parley/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Composer } from '@/components/chat/composer';
import { MessageList } from '@/components/chat/message-list';
import { laterId, useChatThread, useSendKey } from '@/features/chat/chat-thread';
import { useTypingFrom } from '@/features/chat/use-typing';
import { useAdminErrorToast } from '@/lib/admin-errors';
import { adminKeys } from '@/lib/admin-query-keys';
import { ApiError } from '@/lib/api-client';
import { fullName } from '@/lib/current-user';
import { showToast } from '@/lib/toast';
import { useStream } from '@/lib/use-stream';
import { useVisible } from '@/lib/use-visible';
import { cn } from '@/lib/utils';
import { chatApiCalls, fetchAdminMessages, MESSAGES_POLL_MS } from './admin-chat';
import { CannedPicker } from './canned-replies';
import { ConversationHeader } from './conversation-header';

/**
 * One conversation: who it is with, its status and who handles it (claim, transfer,
 * release), the messages with internal notes, and a box that replies to the customer or
 * writes a note only admins see. Customer messages shown here are marked read.
 */
export function Conversation({
  session,
  streamUp,
}: {
  session: AdminChatSession;
  streamUp: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorToast = useAdminErrorToast();
  const [mode, setMode] = useState<'reply' | 'note'>('reply');
  const [draft, setDraft] = useState('');
  const replyBox = useRef<HTMLTextAreaElement>(null);
  const thread = useChatThread<AdminChatMessage>({
    sessionId: session.id,
    fetchPage: (cursor) => fetchAdminMessages(session.id, cursor),
    streamUp,
    pollMs: MESSAGES_POLL_MS,
  });
  const typing = useTypingFrom();
  const [seenByCustomer, setSeenByCustomer] = useState(session.customerReadUpTo);
  useEffect(() => setSeenByCustomer(session.customerReadUpTo), [session.customerReadUpTo]);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminKeys.adminChat });

  useStream('admin', true, {
    connected: () => void thread.catchUp(),
    'chat.message': (e) => {
      if (e.sessionId !== session.id) return;
      // The admin view carries who wrote it: fetch what is new rather than guess.
      void thread.catchUp();
      if (!e.message.isAdminMessage) typing.clear();
    },
    'chat.internal': (e) => {
      if (e.sessionId === session.id && e.note) thread.add([e.note]);
    },
    'chat.typing': (e) => {
      if (e.sessionId === session.id && e.by === 'customer') typing.show(e.until);
    },
    'chat.read': (e) => {
      if (e.sessionId === session.id && e.by === 'customer')
        setSeenByCustomer((s) => laterId(s, e.upTo));
    },
  });

  useMarkRead(session, thread.messages, refresh);

  const sendKey = useSendKey();
  const send = useMutation({
    mutationFn: ({ text, as }: { text: string; as: 'reply' | 'note' }) =>
      (as === 'note' ? chatApiCalls.note : chatApiCalls.reply)(
        session.id,
        text,
        sendKey.keyFor(`${as}:${text}`),
      ),
    onSuccess: (message) => {
      sendKey.sent();
      thread.add([message]);
      refresh();
    },
    onError: (err) => {
      const text =
        err instanceof ApiError && err.code
          ? t(`errors.${err.code}`, { defaultValue: '' }) || err.message
          : '';
      showToast('error', t('common.error'), text || t('adminChat.replyFailed'));
    },
  });

  const update = useMutation({
    mutationFn: (body: { status?: AdminChatSession['status']; assigneeId?: string | null }) =>
      chatApiCalls.update(session.id, body),
    onSuccess: (next) => {
      queryClient.setQueryData(adminKeys.adminChatSession(session.id), next);
      refresh();
    },
    onError: errorToast,
  });

  const customerName = fullName(session.user) || session.user.email;
  return (
    <section
      aria-label={t('adminChat.conversationWith', { name: customerName })}
      className="flex min-h-0 flex-col rounded-lg border"
      data-testid="chat-conversation"
    >
      <ConversationHeader
        session={session}
        customerName={customerName}
        pending={update.isPending}
        onUpdate={(body) => update.mutate(body)}
      />
      <MessageList
        className="max-h-[60dvh] min-h-64 flex-1 lg:max-h-none"
        messages={thread.messages.map((m) => ({
          id: m.id,
          message: m.message,
          createdAt: m.createdAt,
          side: m.kind === 'note' ? 'note' : m.kind === 'admin' ? 'mine' : 'theirs',
          author: m.kind === 'customer' ? customerName : (m.author?.name ?? null),
          seen:
            m.kind === 'admin' && seenByCustomer !== null && Number(m.id) <= Number(seenByCustomer),
        }))}
        typing={typing.active ? t('adminChat.customerTyping', { name: customerName }) : null}
        hasOlder={thread.hasOlder}
        onLoadOlder={() => void thread.loadOlder()}
        empty={thread.status === 'loading' ? t('common.loading') : t('adminChat.noMessages')}
      />
      <ModePicker mode={mode} onMode={setMode} />
      <Composer
        className={cn('border-t-0', mode === 'note' && 'bg-amber-50')}
        label={mode === 'note' ? t('adminChat.noteLabel') : t('adminChat.replyLabel')}
        placeholder={
          mode === 'note' ? t('adminChat.notePlaceholder') : t('adminChat.replyPlaceholder')
        }
        sendLabel={mode === 'note' ? t('adminChat.addNote') : t('adminChat.sendReply')}
        sending={send.isPending}
        value={draft}
        onChange={setDraft}
        onSend={(text) =>
          send.mutateAsync({ text, as: mode }).then(
            () => true,
            () => false,
          )
        }
        onTyping={() => {
          if (mode === 'reply') chatApiCalls.typing(session.id).catch(() => undefined);
        }}
        inputRef={replyBox}
        tools={
          <CannedPicker
            box={replyBox}
            onPick={(body) => setDraft((d) => (d.trim() ? `${d}\n${body}` : body))}
          />
        }
      />
    </section>
  );
}

type Mode = 'reply' | 'note';

/** Reply to the customer or write a note only admins see. */
function ModePicker({ mode, onMode }: { mode: Mode; onMode: (mode: Mode) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex gap-1 border-t px-2 pt-2">
      <legend className="sr-only">{t('adminChat.mode')}</legend>
      {(['reply', 'note'] as const).map((m) => (
        <button
          key={m}
          type="button"
          aria-pressed={mode === m}
          onClick={() => onMode(m)}
          className={cn(
            'rounded-md px-2.5 py-1 text-xs font-medium',
            mode === m
              ? m === 'note'
                ? 'bg-amber-100 text-amber-950'
                : 'bg-primary text-primary-foreground'
              : 'hover:bg-accent',
          )}
        >
          {m === 'reply' ? t('adminChat.replyMode') : t('adminChat.noteMode')}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * Marks the customer's newest message read while this conversation is on screen (and the
 * tab visible); the mark moves on once the server has it, so a failure is retried.
 */
function useMarkRead(
  session: AdminChatSession,
  messages: readonly AdminChatMessage[],
  refresh: () => void,
) {
  const newestFromCustomer = messages.findLast((m) => m.kind === 'customer')?.id ?? null;
  const visible = useVisible();
  const marked = useRef<string | null>(session.adminReadUpTo);
  const marking = useRef(false);
  useEffect(() => {
    if (!visible || marking.current) return;
    if (!newestFromCustomer || laterId(marked.current, newestFromCustomer) === marked.current)
      return;
    marking.current = true;
    chatApiCalls
      .read(session.id, newestFromCustomer)
      .then(() => {
        marked.current = newestFromCustomer;
        refresh();
      })
      .catch(() => undefined)
      .finally(() => {
        marking.current = false;
      });
  });
}
