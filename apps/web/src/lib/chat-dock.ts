import { useSyncExternalStore } from 'react';

/** The customer's chat window: closed, open, or minimised to its header bar. */
export type ChatDockState = 'closed' | 'open' | 'minimised';

let state: ChatDockState = 'closed';
const watchers = new Set<() => void>();
const notify = () => {
  for (const watch of watchers) watch();
};

export function setChatDock(next: ChatDockState): void {
  if (next === state) return;
  state = next;
  notify();
}

export const chatDockState = (): ChatDockState => state;

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
