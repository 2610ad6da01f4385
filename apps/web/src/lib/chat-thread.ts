import { useCallback, useEffect, useRef, useState } from 'react';

interface Item {
  id: string;
}
export type ThreadPage<M> = { items: M[]; hasMore: boolean };
export type Cursor = { before?: string; after?: string };

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
  const latest = useRef<M[]>([]);
  latest.current = messages;
  const running = useRef<Promise<void> | null>(null);
  const current = useRef(sessionId);
  current.current = sessionId;

  const add = useCallback((incoming: readonly M[]) => {
    setMessages((now) => mergeMessages(now, incoming));
  }, []);

  const catchUp = useCallback(async () => {
    const session = current.current;
    if (!session) return;
    if (running.current) return running.current;
    const run = (async () => {
      for (let pages = 0; pages < CATCH_UP_PAGES; pages++) {
        const newest = latest.current.at(-1)?.id;
        const page = await fetchRef.current(newest ? { after: newest } : {});
        if (current.current !== session) return;
        latest.current = mergeMessages(latest.current, page.items);
        setMessages(latest.current);
        if (!newest) setHasOlder(page.hasMore);
        setStatus('ready');
        if (!newest || !page.hasMore) return;
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
  }, []);

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
