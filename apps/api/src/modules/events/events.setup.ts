import type { User } from '@parley/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { EventBus } from '../../lib/event-bus.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import { createStreamRegistry, endStreams } from './event-stream.js';
import { createEventsRepo } from './events.repo.js';
import { eventsRoutes } from './events.routes.js';
import { createStoredEventBus } from './stored-event-bus.js';

/**
 * The event bus every module publishes on: the stored one (events table + NOTIFY, so
 * every instance delivers), or a test's own. Made first; stopped last.
 */
export async function setUpEventBus(opts: {
  database: Database;
  log: FastifyBaseLogger;
  /** A bus of the test's own. */
  events?: EventBus;
}) {
  const repo = createEventsRepo(opts.database.db);
  if (opts.events) return { events: opts.events, repo, decorations: { events: opts.events } };
  const stored = await createStoredEventBus({ repo, database: opts.database, log: opts.log });
  const module: ModuleSetup = {
    jobs: [{ stop: () => stored.stop() }],
    decorations: { events: stored },
  };
  return { ...module, events: stored as EventBus, repo };
}

/** The server-sent event streams; each ends as the server begins to close. */
export function setUpEventStreams(opts: {
  /** The bus and its stored events (replayed from Last-Event-ID). */
  bus: { events: EventBus; repo: ReturnType<typeof createEventsRepo> };
  config: { perUser: number; total: number; heartbeatMs: number };
  /** The user of a live session (without sliding it), or null once it has ended. */
  currentUser: (token: string) => Promise<User | null>;
}): ModuleSetup {
  const streams = createStreamRegistry(opts.config);
  const deps = {
    bus: opts.bus.events,
    repo: opts.bus.repo,
    streams,
    heartbeatMs: opts.config.heartbeatMs,
    currentUser: opts.currentUser,
  };
  return {
    routes: [routesOf(eventsRoutes, deps)],
    jobs: [{ preClose: () => endStreams(streams) }],
  };
}
