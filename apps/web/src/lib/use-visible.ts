import { useSyncExternalStore } from 'react';

function watch(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** Whether the tab is on screen now: read marks wait until the reader can see. */
export function useVisible(): boolean {
  return useSyncExternalStore(
    watch,
    () => document.visibilityState === 'visible',
    () => true,
  );
}
