import { lazy, Suspense } from 'react';
import { createPortal } from 'react-dom';
import { useChatDock } from '@/lib/chat-dock';

// The customer's chat window, loaded once the help widget opens it.
const ChatDock = lazy(() => import('@/features/chat/components/chat-dock'));

/**
 * The chat window while open or minimised, at the end of the page (after the content in
 * keyboard order). Mounted with the signed-in menu, so it is no part of the landing page.
 */
export function ChatWindow() {
  const dock = useChatDock();
  if (dock === 'closed') return null;
  return createPortal(
    <Suspense>
      <ChatDock />
    </Suspense>,
    document.body,
  );
}
