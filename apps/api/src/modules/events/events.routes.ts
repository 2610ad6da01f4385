import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { DomainEvent, EventBus } from '../../lib/event-bus.js';
import { requireUser } from '../../plugins/admin-guard.js';
import type { EventsRepo } from './events.repo.js';

const HEARTBEAT_MS = 20_000;
const REPLAY_LIMIT = 500;
const ADMIN_TYPES = [
  'user.created',
  'transaction.created',
  'transaction.updated',
  'catalogue.changed',
] as const;
const CUSTOMER_TYPES = ['transaction.created', 'transaction.updated'] as const;

type StreamDeps = {
  bus: EventBus;
  repo: EventsRepo;
  /** Open streams, ended when the server shuts down (they would hold it open). */
  open: Set<ServerResponse>;
  heartbeatMs?: number;
};

/** The id a reconnecting browser sends (header), or one given in the query. */
function lastEventId(request: FastifyRequest): number {
  const header = request.headers['last-event-id'];
  const query = (request.query as { lastEventId?: string } | undefined)?.lastEventId;
  const value = Number(Array.isArray(header) ? header[0] : (header ?? query));
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}

/**
 * A server-sent event stream: `connected`, then anything missed since Last-Event-ID,
 * then live events of `types` (a customer's own only), and a heartbeat every 20 s.
 */
async function stream(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: StreamDeps,
  types: readonly string[],
  userId: string | null,
) {
  const { bus, repo } = deps;
  let last = lastEventId(request);
  const wanted = (event: DomainEvent) =>
    types.includes(event.type) &&
    (userId === null || ('userId' in event.data && event.data.userId === userId));
  const queued: { event: DomainEvent; id: number }[] = [];
  let replaying = true;
  // Subscribed before the replay query, so nothing published meanwhile is lost.
  const unsubscribe = bus.subscribe((event, id) => {
    if (id === undefined || !wanted(event)) return;
    if (replaying) queued.push({ event, id });
    else send(event.type, event.data, id);
  });

  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': String(request.id),
  });
  const write = (type: string, data: unknown, id: number) =>
    res.write(`id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
  // Skips what the replay already sent.
  function send(type: string, data: unknown, id: number) {
    if (id <= last) return;
    last = id;
    write(type, data, id);
  }

  const missed = last > 0 ? await repo.after(last, types, userId, REPLAY_LIMIT) : [];
  // A fresh stream starts at the newest event; a reconnect where it left off.
  const startId = last > 0 ? last : await repo.lastId();
  write('connected', { replayed: missed.length }, startId);
  for (const row of missed) send(row.type, row.data, row.id);
  replaying = false;
  for (const { event, id } of queued.splice(0)) send(event.type, event.data, id);
  last = Math.max(last, startId);

  const heartbeat = setInterval(
    () => write('heartbeat', {}, last),
    deps.heartbeatMs ?? HEARTBEAT_MS,
  );
  deps.open.add(res);
  request.raw.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
    deps.open.delete(res);
  });
}

/** Ends every open stream as the server begins to close; browsers reconnect elsewhere. */
export function endStreamsOnClose(app: FastifyInstance, open: Set<ServerResponse>): void {
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
    open.clear();
  });
}

/** GET /api/admin/events; registered under the admin guard with the /api/admin prefix. */
export const adminEventsRoutes: FastifyPluginAsync<StreamDeps> = async (app, deps) => {
  app.get('/events', (request, reply) => stream(request, reply, deps, ADMIN_TYPES, null));
};

/** GET /api/events: a customer's own payment updates. */
export const customerEventsRoutes: FastifyPluginAsync<StreamDeps> = async (app, deps) => {
  app.addHook('onRequest', requireUser);
  app.get('/api/events', (request, reply) =>
    stream(request, reply, deps, CUSTOMER_TYPES, request.user?.id ?? ''),
  );
};
