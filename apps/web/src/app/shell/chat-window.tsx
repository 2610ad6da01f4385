import { lazy, Suspense } from 'react';
import { createPortal } from 'react-dom';
import { UnreadBadge } from '@/components/chat/unread-badge';
import { useChatDock, useMissedReplies } from '@/features/chat/dock-state';

// The customer's chat window, loaded once the help widget opens it.
const ChatDock = lazy(() => import('@/features/chat/components/chat-dock'));

/**
 * The chat window while open or minimised, at the end of the page (after the content in
 * keyboard order). Mounted with the signed-in menu, so it is no part of the landing page.
 */
export function ChatWindow() {
  const dock = useChatDock();
  const missed = useMissedReplies();
  if (dock === 'closed') return missed > 0 ? <UnreadBadge count={missed} /> : null;
  return createPortal(
    <Suspense>
      <ChatDock />
    </Suspense>,
    document.body,
  );
}
