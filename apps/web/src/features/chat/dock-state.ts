import { useSyncExternalStore } from 'react';

/** The customer's chat window: closed, open, or minimised to its header bar. */
export type ChatDockState = 'closed' | 'open' | 'minimised';

const STORAGE_KEY = 'parley.chat';

/** The window stays as it was across a reload of the tab (session storage). */
function stored(): ChatDockState {
  try {
    const value = sessionStorage.getItem(STORAGE_KEY);
    return value === 'open' || value === 'minimised' ? value : 'closed';
  } catch {
    return 'closed';
  }
}

let state: ChatDockState = typeof window === 'undefined' ? 'closed' : stored();
/** Replies that arrived while the window was closed (the help button shows them). */
let missed = 0;
const watchers = new Set<() => void>();
const notify = () => {
  for (const watch of watchers) watch();
};

export function setChatDock(next: ChatDockState): void {
  if (next === state) return;
  state = next;
  if (next !== 'closed') missed = 0;
  try {
    sessionStorage.setItem(STORAGE_KEY, next);
  } catch {
    // Storage refused (private mode): the window just starts closed next time.
  }
  notify();
}

/** A reply arrived while the window was closed. */
export function noteMissedReply(): void {
  if (state !== 'closed') return;
  missed += 1;
  notify();
}

export const chatDockState = (): ChatDockState => state;
const missedNow = () => missed;

function watch(onChange: () => void) {
  watchers.add(onChange);
  return () => {
    watchers.delete(onChange);
  };
}

/**
 * The window's state, shared by the help panel (which opens it), the window (mounted by
 * the signed-in menu) and the reply toast.
 */
export function useChatDock(): ChatDockState {
  return useSyncExternalStore(watch, chatDockState, () => 'closed');
}

export function useMissedReplies(): number {
  return useSyncExternalStore(watch, missedNow, () => 0);
}
