import type { DomainEventType, EventData, StreamEvents } from '@parley/shared/api';
import { eventsApi, pathOf } from '@parley/shared/api';

type Kind = keyof typeof eventsApi;
export type StreamHandlers = { [T in DomainEventType]?: (data: EventData<T>) => void } & {
  [T in keyof StreamEvents]?: (data: StreamEvents[T]) => void;
};
type Handler = (data: unknown) => void;

/** How long to wait before opening again a stream the browser gave up on (an HTTP error). */
const REOPEN_MS = 5_000;

interface Hub {
  source: EventSource | null;
  subscribers: Set<StreamHandlers>;
  up: boolean;
  reopen?: ReturnType<typeof setTimeout>;
  ended: boolean;
}

const hubs = new Map<Kind, Hub>();
/** Who follows whether a stream is up: kept apart from the hub, which comes and goes. */
const watchers = new Map<Kind, Set<(up: boolean) => void>>();

function setUp(kind: Kind, hub: Hub, up: boolean) {
  if (hub.up === up) return;
  hub.up = up;
  for (const watch of watchers.get(kind) ?? []) watch(up);
}

function dispatch(hub: Hub, type: string, raw: string) {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch (err) {
    console.warn(`Unreadable ${type} event`, err);
    return;
  }
  for (const handlers of [...hub.subscribers])
    (handlers as Record<string, Handler | undefined>)[type]?.(data);
}

/** Listens on the source for every event type some subscriber wants. */
function listen(hub: Hub, source: EventSource, types: Iterable<string>) {
  for (const type of types)
    source.addEventListener(type, (event) => {
      if (hub.source === source) dispatch(hub, type, String((event as MessageEvent).data));
    });
}

function open(kind: Kind, hub: Hub) {
  const source = new EventSource(pathOf(eventsApi[kind]));
  hub.source = source;
  const listened = new Set<string>(['connected', 'ended']);
  for (const handlers of hub.subscribers)
    for (const type of Object.keys(handlers)) listened.add(type);
  listen(hub, source, listened);
  (source as EventSource & { listened?: Set<string> }).listened = listened;
  source.addEventListener('connected', () => setUp(kind, hub, true));
  source.addEventListener('ended', () => {
    // Signed out or no longer allowed: a reconnect would be refused, so stop here.
    hub.ended = true;
    source.close();
    setUp(kind, hub, false);
  });
  source.addEventListener('error', () => {
    if (hub.source !== source) return;
    setUp(kind, hub, false);
    // The browser retries a dropped connection by itself (with Last-Event-ID), but not
    // one answered with an error status: open a new one a little later.
    if (source.readyState === EventSource.CLOSED && !hub.ended) {
      clearTimeout(hub.reopen);
      hub.reopen = setTimeout(() => {
        if (hub.source === source && hub.subscribers.size > 0) open(kind, hub);
      }, REOPEN_MS);
    }
  });
}

/**
 * One server-sent event stream per kind and tab, shared by everything that listens:
 * opened with the first subscriber and closed after the last. Payloads are typed by
 * the shared DomainEvent. The browser reconnects by itself with Last-Event-ID, so a
 * dropped connection misses nothing; `connected` fires again after each reconnect.
 */
export function subscribeToStream(kind: Kind, handlers: StreamHandlers): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  let hub = hubs.get(kind);
  if (!hub) {
    hub = { source: null, subscribers: new Set(), up: false, ended: false };
    hubs.set(kind, hub);
  }
  const current = hub;
  current.subscribers.add(handlers);
  if (!current.source || current.ended) {
    current.ended = false;
    open(kind, current);
  } else {
    const source = current.source as EventSource & { listened: Set<string> };
    const fresh = Object.keys(handlers).filter((type) => !source.listened.has(type));
    for (const type of fresh) source.listened.add(type);
    listen(current, source, fresh);
  }
  return () => {
    current.subscribers.delete(handlers);
    if (current.subscribers.size > 0) return;
    clearTimeout(current.reopen);
    current.source?.close();
    current.source = null;
    setUp(kind, current, false);
    hubs.delete(kind);
  };
}

const states = new Map<Kind, ReturnType<typeof makeState>>();

function makeState(kind: Kind) {
  return {
    up: () => hubs.get(kind)?.up ?? false,
    watch(onChange: (up: boolean) => void): () => void {
      const set = watchers.get(kind) ?? new Set();
      watchers.set(kind, set);
      set.add(onChange);
      return () => {
        set.delete(onChange);
      };
    },
  };
}

/** Whether the stream of `kind` is connected now, and a way to follow it (stable per kind). */
export function streamState(kind: Kind) {
  let state = states.get(kind);
  if (!state) {
    state = makeState(kind);
    states.set(kind, state);
  }
  return state;
}
