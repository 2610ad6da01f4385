import type { DomainEventType, EventData, StreamEvents } from '@parley/shared/api';
import { ADMIN_EVENT_TYPES, CUSTOMER_EVENT_TYPES, eventsApi, pathOf } from '@parley/shared/api';
import { EVENTS_CURSOR_META } from '@parley/shared/domain';

type Kind = keyof typeof eventsApi;
export type StreamHandlers = { [T in DomainEventType]?: (data: EventData<T>) => void } & {
  [T in keyof StreamEvents]?: (data: StreamEvents[T]) => void;
};
type Handler = (data: unknown) => void;

/**
 * How long to wait before opening again a stream the browser gave up on (an HTTP error):
 * 5 s, doubling after each refusal in a row up to 5 minutes.
 */
const REOPEN_MS = 5_000;
const REOPEN_MAX_MS = 300_000;
/**
 * The server sends at least a heartbeat every 20 s: a stream silent for longer than this
 * is a connection that died without closing (a sleeping laptop, a changed network), and
 * is opened again.
 */
const SILENT_MS = 50_000;
/**
 * A page's parts mount in no set order, and the navigation (which toasts payment
 * decisions) is lazy: what a stream delivers in its first STARTUP_MS (the replay of what
 * happened while the page loaded, and anything just after) is kept, and a part that
 * subscribes in that time is handed, in order, what its types missed. Typing signals are
 * not kept: stale by the time anyone would read them.
 */
const STARTUP_MS = 15_000;
const STARTUP_MAX = 50;

/** Every domain event each stream carries: listened to from the start. */
const TYPES: Record<Kind, readonly string[]> = {
  customer: CUSTOMER_EVENT_TYPES,
  admin: ADMIN_EVENT_TYPES,
};
const OWN_TYPES = ['connected', 'ended', 'heartbeat'];
const NOT_KEPT = new Set([...OWN_TYPES, 'chat.typing']);

interface Kept {
  type: string;
  data: unknown;
}

interface Hub {
  kind: Kind;
  source: EventSource | null;
  subscribers: Set<StreamHandlers>;
  up: boolean;
  /** The id of the newest event seen: a stream opened again starts after it. */
  lastId: string;
  /** Refusals in a row, for the back-off. */
  refusals: number;
  reopen?: ReturnType<typeof setTimeout>;
  silence?: ReturnType<typeof setTimeout>;
  ended: boolean;
  /** When the hub was made: its start-up ends STARTUP_MS later. */
  started: number;
  /** What the stream delivered during its start-up, oldest first; null after it. */
  early: Kept[] | null;
}

const hubs = new Map<Kind, Hub>();

/**
 * Where the page's first stream of each kind starts: the newest event id when the server
 * sent the page, so what happened while it read its data is replayed. Once per kind: a
 * stream opened again later starts fresh.
 */
const pageCursorUsed = new Set<Kind>();
function pageCursor(kind: Kind): string {
  if (pageCursorUsed.has(kind) || typeof document === 'undefined') return '';
  pageCursorUsed.add(kind);
  const value = document
    .querySelector(`meta[name="${EVENTS_CURSOR_META}"]`)
    ?.getAttribute('content');
  return value && /^[1-9]\d{0,15}$/.test(value) ? value : '';
}
/** Who follows whether a stream is up: kept apart from the hub, which comes and goes. */
const watchers = new Map<Kind, Set<(up: boolean) => void>>();

function setUp(hub: Hub, up: boolean) {
  if (hub.up === up) return;
  hub.up = up;
  for (const watch of watchers.get(hub.kind) ?? []) watch(up);
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
  if (NOT_KEPT.has(type) || !startingUp(hub)) return;
  hub.early?.push({ type, data });
  if ((hub.early?.length ?? 0) > STARTUP_MAX) hub.early?.shift();
}

/** Whether the hub is still starting up (it forgets what it kept once it is not). */
function startingUp(hub: Hub): boolean {
  if (hub.early && Date.now() - hub.started > STARTUP_MS) hub.early = null;
  return hub.early !== null;
}

/** Hands a part subscribing during the start-up what the stream delivered before it. */
function catchUp(hub: Hub, handlers: StreamHandlers) {
  if (!startingUp(hub)) return;
  const byType = handlers as Record<string, Handler | undefined>;
  for (const e of [...(hub.early ?? [])]) byType[e.type]?.(e.data);
}

/** Anything heard on the stream: it is alive; its id is where a new stream would resume. */
function heard(hub: Hub, event: Event) {
  const id = (event as MessageEvent).lastEventId;
  if (id) hub.lastId = id;
  clearTimeout(hub.silence);
  hub.silence = setTimeout(() => {
    if (hub.source) reconnect(hub);
  }, SILENT_MS);
}

/** Listens on the source for `types` (every type the stream carries, and its own). */
function listen(hub: Hub, source: EventSource, types: Iterable<string>) {
  for (const type of types)
    source.addEventListener(type, (event) => {
      if (hub.source !== source) return;
      heard(hub, event);
      dispatch(hub, type, String((event as MessageEvent).data));
    });
}

function close(hub: Hub) {
  clearTimeout(hub.reopen);
  clearTimeout(hub.silence);
  hub.source?.close();
  hub.source = null;
  setUp(hub, false);
}

/** A new connection, resuming after the newest event seen (the server replays the rest). */
function reconnect(hub: Hub) {
  close(hub);
  if (hub.subscribers.size > 0 && !hub.ended) open(hub);
}

function open(hub: Hub) {
  const path = pathOf(eventsApi[hub.kind]);
  const source = new EventSource(
    hub.lastId ? `${path}?lastEventId=${encodeURIComponent(hub.lastId)}` : path,
  );
  hub.source = source;
  listen(hub, source, [...OWN_TYPES, ...TYPES[hub.kind]]);
  source.addEventListener('connected', () => {
    hub.refusals = 0;
    setUp(hub, true);
  });
  source.addEventListener('ended', () => {
    // Signed out or no longer allowed: a reconnect would be refused, so stop here.
    hub.ended = true;
    hub.early = null;
    close(hub);
  });
  source.addEventListener('error', () => {
    if (hub.source !== source) return;
    setUp(hub, false);
    // The browser retries a dropped connection by itself (with Last-Event-ID), but not
    // one answered with an error status: open a new one a little later.
    if (source.readyState === EventSource.CLOSED && !hub.ended) {
      clearTimeout(hub.reopen);
      const wait = Math.min(REOPEN_MS * 2 ** hub.refusals, REOPEN_MAX_MS);
      hub.refusals += 1;
      hub.reopen = setTimeout(() => {
        if (hub.source === source) reconnect(hub);
      }, wait);
    }
  });
}

// Offline, a connection may stay open without carrying anything: close it at once (the
// screens poll meanwhile) and open again, resuming, when the network is back.
let networkWatched = false;
function watchNetwork() {
  if (networkWatched || typeof window === 'undefined') return;
  networkWatched = true;
  window.addEventListener('offline', () => {
    for (const hub of hubs.values()) close(hub);
  });
  window.addEventListener('online', () => {
    for (const hub of hubs.values()) if (!hub.source) reconnect(hub);
  });
}

/**
 * One server-sent event stream per kind and tab, shared by everything that listens:
 * opened with the first subscriber and closed after the last. Payloads are typed by
 * the shared DomainEvent. The browser reconnects by itself with Last-Event-ID, so a
 * dropped connection misses nothing; `connected` fires again after each reconnect. A
 * subscriber joining in the stream's first STARTUP_MS is handed what it missed.
 */
export function subscribeToStream(kind: Kind, handlers: StreamHandlers): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  watchNetwork();
  let hub = hubs.get(kind);
  if (!hub) {
    hub = {
      kind,
      source: null,
      subscribers: new Set(),
      up: false,
      lastId: pageCursor(kind),
      refusals: 0,
      ended: false,
      started: Date.now(),
      early: [],
    };
    hubs.set(kind, hub);
  }
  const current = hub;
  current.subscribers.add(handlers);
  if (!current.source || current.ended) {
    current.ended = false;
    open(current);
  }
  catchUp(current, handlers);
  return () => {
    current.subscribers.delete(handlers);
    if (current.subscribers.size > 0) return;
    close(current);
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
