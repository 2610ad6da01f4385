import type { ServerResponse } from 'node:http';
import type { User } from '@parley/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { DomainEvent, EventBus } from '../../lib/event-bus.js';
import type { EventsRepo } from './events.repo.js';

const HEARTBEAT_MS = 20_000;
const REPLAY_LIMIT = 500;

/**
 * The streams open on this instance: ended when the server shuts down (they would hold
 * it open), and counted per user and in total against the caps.
 */
export interface StreamRegistry {
  open: Set<ServerResponse>;
  /** Takes a slot for `userId`, or throws TOO_MANY_STREAMS / STREAMS_UNAVAILABLE. */
  acquire(userId: string): () => void;
}

export function createStreamRegistry(caps: { perUser: number; total: number }): StreamRegistry {
  const open = new Set<ServerResponse>();
  const perUser = new Map<string, number>();
  let total = 0;
  return {
    open,
    acquire(userId) {
      if (total >= caps.total)
        throw new AppError(
          'STREAMS_UNAVAILABLE',
          'Too many live update streams are open on this server; try again later.',
          undefined,
          { headers: { 'retry-after': '30' } },
        );
      const mine = perUser.get(userId) ?? 0;
      if (mine >= caps.perUser)
        throw new AppError(
          'TOO_MANY_STREAMS',
          `At most ${caps.perUser} live update streams per account; close another tab first.`,
        );
      total += 1;
      perUser.set(userId, mine + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total -= 1;
        const left = (perUser.get(userId) ?? 1) - 1;
        if (left > 0) perUser.set(userId, left);
        else perUser.delete(userId);
      };
    },
  };
}

export type StreamDeps = {
  bus: EventBus;
  repo: EventsRepo;
  streams: StreamRegistry;
  heartbeatMs?: number;
  /** The user of a live session (without sliding it), or null once it has ended. */
  currentUser: (token: string) => Promise<User | null>;
};

/** The id a reconnecting browser sends (header), or one given in the query. */
function lastEventId(request: FastifyRequest): number {
  const header = request.headers['last-event-id'];
  const query = (request.query as { lastEventId?: string } | undefined)?.lastEventId;
  const value = Number(Array.isArray(header) ? header[0] : (header ?? query));
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}

/**
 * An event's data as JSON, made once however many streams send it: the bus hands every
 * stream the same object, and a fan-out to hundreds of admins would otherwise serialise
 * it hundreds of times.
 */
const serialised = new WeakMap<object, string>();
function json(data: unknown): string {
  if (typeof data !== 'object' || data === null) return JSON.stringify(data);
  let text = serialised.get(data);
  if (text === undefined) {
    text = JSON.stringify(data);
    serialised.set(data, text);
  }
  return text;
}

const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store, no-transform',
  'x-accel-buffering': 'no',
};

/**
 * A server-sent event stream: `connected`, then anything missed since Last-Event-ID,
 * then live events of `types` (a customer's own only), and a heartbeat every 20 s
 * (EVENT_HEARTBEAT_MS). At each heartbeat the stream checks its session again and ends
 * (after an `ended` event) once the user was signed out, disabled or, on the admin
 * stream, is no longer an admin. A HEAD request gets the headers and nothing else.
 */
export async function stream(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: StreamDeps,
  types: readonly string[],
  userId: string | null,
) {
  // The guard let only a signed-in user (an admin, for the admin stream) this far.
  const user = request.user as User;
  if (request.method === 'HEAD') {
    return reply.code(200).headers(STREAM_HEADERS).send();
  }
  const release = deps.streams.acquire(user.id);
  const { bus, repo } = deps;
  const token = request.sessionToken ?? '';
  const adminStream = userId === null;
  let last = lastEventId(request);
  const wanted = (event: DomainEvent) =>
    types.includes(event.type) &&
    (userId === null || ('userId' in event.data && event.data.userId === userId));
  const queued: { event: DomainEvent; id: number }[] = [];
  let replaying = true;
  // Subscribed before the replay query, so nothing published meanwhile is lost.
  const unsubscribe = bus.subscribe((event, id) => {
    if (!wanted(event)) return;
    // A signal has no id: sent as it comes (never replayed), not held for the replay.
    if (id === undefined) {
      if (!replaying) signal(event.type, event.data);
      return;
    }
    if (replaying) queued.push({ event, id });
    else send(event.type, event.data, id);
  });

  reply.hijack();
  const res = reply.raw;
  let heartbeat: NodeJS.Timeout | undefined;
  let closed = false;
  // Attached before anything is awaited, so a client gone early still frees its slot.
  const cleanUp = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    release();
    deps.streams.open.delete(res);
  };
  request.raw.on('close', cleanUp);
  res.on('close', cleanUp);
  deps.streams.open.add(res);
  if (res.destroyed) cleanUp();
  res.writeHead(200, {
    ...STREAM_HEADERS,
    connection: 'keep-alive',
    'x-request-id': String(request.id),
  });
  const write = (type: string, data: unknown, id: number) => {
    if (!closed) res.write(`id: ${id}\nevent: ${type}\ndata: ${json(data)}\n\n`);
  };
  /** Without an id line, so the browser's Last-Event-ID stays the last stored event's. */
  function signal(type: string, data: unknown) {
    if (!closed) res.write(`event: ${type}\ndata: ${json(data)}\n\n`);
  }
  // Skips what the replay already sent.
  function send(type: string, data: unknown, id: number) {
    if (id <= last) return;
    last = id;
    write(type, data, id);
  }

  let missed: Awaited<ReturnType<EventsRepo['after']>> = [];
  let startId: number;
  let resumed = false;
  try {
    if (last > 0) {
      missed = await repo.after(last, types, userId, REPLAY_LIMIT);
      // Whole only when nothing after Last-Event-ID was pruned and the replay was not cut
      // short: otherwise the client is told to read its lists again.
      resumed = missed.length < REPLAY_LIMIT && last >= (await repo.firstId()) - 1;
    }
    // A fresh stream starts at the newest event; a reconnect where it left off.
    startId = last > 0 ? last : await repo.lastId();
  } catch (err) {
    request.log.error({ err }, 'event stream: replay failed');
    res.end();
    cleanUp();
    return;
  }
  write('connected', { replayed: missed.length, resumed }, startId);
  // A fresh stream starts after startId: an older event whose notice arrives late (the
  // database's notifications are asynchronous) was not this stream's to send.
  last = Math.max(last, startId);
  for (const row of missed) send(row.type, row.data, row.id);
  replaying = false;
  for (const { event, id } of queued.splice(0)) send(event.type, event.data, id);

  /** Ends the stream with a last `ended` event saying why; a reconnect then gets 401/403. */
  const end = (reason: string) => {
    write('ended', { reason }, last);
    res.end();
    cleanUp();
  };
  const check = async () => {
    let now: User | null;
    try {
      now = token ? await deps.currentUser(token) : null;
    } catch (err) {
      // Fail closed: a stream whose session cannot be checked ends; the browser reconnects.
      request.log.warn({ err }, 'event stream: session check failed');
      end('unavailable');
      return;
    }
    if (closed) return;
    if (!now || now.id !== user.id) end('signed-out');
    else if (adminStream && !now.isAdmin) end('forbidden');
    else write('heartbeat', {}, last);
  };
  if (closed) return;
  heartbeat = setInterval(() => void check(), deps.heartbeatMs ?? HEARTBEAT_MS);
}

/** Ends every open stream as the server begins to close; browsers reconnect elsewhere. */
export function endStreams(streams: StreamRegistry): void {
  for (const res of [...streams.open]) res.end();
  streams.open.clear();
}
