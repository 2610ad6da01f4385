import type { ChatMessage } from '@parley/shared';
import { useMutation } from '@tanstack/react-query';
import { type Dispatch, type SetStateAction, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { laterId, useSendKey } from '@/features/chat/chat-thread';
import { ApiError } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useVisible } from '@/lib/use-visible';
import { markChatRead, sendChatMessage } from '../api/chat';

/**
 * Replies the customer has not seen: counted while the window is minimised (the count is
 * returned), marked read while it is open and the tab visible.
 */
export function useReplyReadMarks(
  open: boolean,
  sessionId: string | null,
  messages: readonly ChatMessage[],
  readUpTo: string | null,
  setReadUpTo: Dispatch<SetStateAction<string | null>>,
): number {
  const newestReply = messages.findLast((m) => m.isAdminMessage)?.id ?? null;
  const unread = messages.filter(
    (m) => m.isAdminMessage && (readUpTo === null || Number(m.id) > Number(readUpTo)),
  ).length;
  const visible = useVisible();
  const marking = useRef(false);
  useEffect(() => {
    if (!open || !visible || !sessionId || !newestReply || marking.current) return;
    if (readUpTo !== null && Number(newestReply) <= Number(readUpTo)) return;
    // Moved on only once the server has it, so a failed mark is tried again.
    marking.current = true;
    markChatRead(sessionId, newestReply)
      .then(() => setReadUpTo((r) => laterId(r, newestReply)))
      .catch(() => undefined)
      .finally(() => {
        marking.current = false;
      });
  }, [open, visible, sessionId, newestReply, readUpTo, setReadUpTo]);
  return unread;
}

/** Sends a message with its own request id, so a retry never sends it twice. */
export function useSendChat(sessionId: string | null, onSent: (message: ChatMessage) => void) {
  const { t } = useTranslation();
  const sendKey = useSendKey();
  return useMutation({
    mutationFn: (message: string) => {
      if (!sessionId) throw new ApiError(404, 'NO_CHAT_SESSION', 'No active chat session');
      return sendChatMessage({ sessionId, message, requestId: sendKey.keyFor(message) });
    },
    onSuccess: (message) => {
      sendKey.sent();
      onSent(message);
    },
    onError: (err) => {
      const text =
        err instanceof ApiError && err.code === 'NO_CHAT_SESSION'
          ? t('chat.noSession')
          : err instanceof ApiError && err.code
            ? t(`errors.${err.code}`, { defaultValue: '' }) || t('chat.sendFailed')
            : t('chat.sendFailed');
      showToast('error', t('common.error'), text);
    },
  });
}
