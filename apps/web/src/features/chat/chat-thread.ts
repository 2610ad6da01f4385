import { useCallback, useEffect, useRef, useState } from 'react';
import { newRequestId } from '@/lib/request-id';

interface Item {
  id: string;
}
export type ThreadPage<M> = { items: M[]; hasMore: boolean };
export type Cursor = { before?: string; after?: string };

/** The later of two message ids (null: none yet). */
export const laterId = (a: string | null, b: string) =>
  a === null || Number(b) > Number(a) ? b : a;

/** Messages by id in conversation order (ids grow with each message). */
export function mergeMessages<M extends Item>(current: readonly M[], incoming: readonly M[]): M[] {
  if (incoming.length === 0) return current as M[];
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => Number(a.id) - Number(b.id));
}

/** How many pages a catch-up reads at most at once (then it goes on at the next poll). */
const CATCH_UP_PAGES = 20;
/** While the stream is up it carries everything; a rare check costs little and backs it. */
const CHECK_WHILE_UP_MS = 30_000;

/**
 * One conversation's messages: the newest page first, older pages on demand, and what
 * arrived since (events add messages at once; `catchUp` asks for anything after the
 * newest one shown, after a reconnect, every `pollMs` while the stream is down, and
 * every 30 s while it is up).
 * Each message shows once, in order, whichever way it came.
 */
export function useChatThread<M extends Item>(opts: {
  sessionId: string | null;
  fetchPage: (cursor: Cursor) => Promise<ThreadPage<M>>;
  streamUp: boolean;
  pollMs: number;
}) {
  const { sessionId, streamUp, pollMs } = opts;
  const [messages, setMessages] = useState<M[]>([]);
  const [hasOlder, setHasOlder] = useState(false);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const fetchRef = useRef(opts.fetchPage);
  fetchRef.current = opts.fetchPage;
  // The list as last set, ahead of React's render: what a catch-up asks after.
  const latest = useRef<M[]>([]);
  const running = useRef<Promise<void> | null>(null);
  /** Asked for again while running: the answer in flight may predate what was asked for. */
  const again = useRef(false);
  const current = useRef(sessionId);
  current.current = sessionId;

  const add = useCallback((incoming: readonly M[]) => {
    latest.current = mergeMessages(latest.current, incoming);
    setMessages((now) => mergeMessages(now, incoming));
  }, []);

  const catchUp = useCallback(async (): Promise<void> => {
    const session = current.current;
    if (!session) return;
    if (running.current) {
      again.current = true;
      return running.current;
    }
    const run = (async () => {
      for (let pages = 0; pages < CATCH_UP_PAGES; pages++) {
        again.current = false;
        const newest = latest.current.at(-1)?.id;
        const page = await fetchRef.current(newest ? { after: newest } : {});
        if (current.current !== session) return;
        add(page.items);
        if (!newest) setHasOlder(page.hasMore);
        setStatus('ready');
        if (!again.current && (!newest || !page.hasMore)) return;
      }
    })();
    running.current = run;
    try {
      await run;
    } catch {
      if (current.current === session && latest.current.length === 0) setStatus('error');
    } finally {
      running.current = null;
    }
  }, [add]);

  const loadOlder = useCallback(async () => {
    const oldest = latest.current[0]?.id;
    if (!oldest) return;
    const page = await fetchRef.current({ before: oldest });
    setHasOlder(page.hasMore);
    add(page.items);
  }, [add]);

  useEffect(() => {
    latest.current = [];
    setMessages([]);
    setHasOlder(false);
    setStatus('loading');
    if (sessionId) void catchUp();
  }, [sessionId, catchUp]);

  useEffect(() => {
    if (!sessionId) return;
    const timer = setInterval(() => void catchUp(), streamUp ? CHECK_WHILE_UP_MS : pollMs);
    return () => clearInterval(timer);
  }, [sessionId, streamUp, pollMs, catchUp]);

  return { messages, hasOlder, status, add, catchUp, loadOlder };
}

/**
 * The request id of a message being sent: the same text sent again (a retry after a
 * failure) keeps its id, so the server writes it once; a sent message frees it.
 */
export function useSendKey() {
  const pending = useRef<{ text: string; id: string } | null>(null);
  return {
    keyFor(text: string): string {
      if (pending.current?.text !== text) pending.current = { text, id: newRequestId() };
      return pending.current.id;
    },
    sent() {
      pending.current = null;
    },
  };
}

/** A message older than a minute (a replay after a reconnect): no toast for it. */
export const isOld = (createdAt: string, now = Date.now()) => now - Date.parse(createdAt) > 60_000;

/** At most `max` characters, cut between characters (never inside an emoji's pair). */
export function shorten(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}
