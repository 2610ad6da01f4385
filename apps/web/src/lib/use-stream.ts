import { useEffect, useRef, useSyncExternalStore } from 'react';
import { type StreamHandlers, streamState, subscribeToStream } from './event-stream';

type Kind = 'customer' | 'admin';

/**
 * Listens to the tab's stream of `kind` while `enabled`. The handlers may change at every
 * render; only the set of event types decides when to subscribe again.
 */
export function useStream(kind: Kind, enabled: boolean, handlers: StreamHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  const types = Object.keys(handlers).sort().join(',');
  useEffect(() => {
    if (!enabled) return;
    const forward: Record<string, (data: unknown) => void> = {};
    for (const type of types.split(',').filter(Boolean))
      forward[type] = (data) =>
        (latest.current as Record<string, ((d: unknown) => void) | undefined>)[type]?.(data);
    return subscribeToStream(kind, forward as StreamHandlers);
  }, [kind, enabled, types]);
}

/** True while the stream of `kind` is connected: when false, screens poll instead. */
export function useStreamUp(kind: Kind): boolean {
  const state = streamState(kind);
  return useSyncExternalStore(state.watch, state.up, () => false);
}
