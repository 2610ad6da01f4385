import type { FastifyBaseLogger } from 'fastify';
import { createEventBus, type DomainEvent, type EventBus } from '../../lib/event-bus.js';
import { EVENTS_CHANNEL, type EventsRepo, readNotice, SIGNALS_CHANNEL } from './events.repo.js';

/** The customer an event is about, so their own stream (and its replay) can find it. */
function userOf(event: DomainEvent): string | null {
  return 'userId' in event.data ? String(event.data.userId) : null;
}

/** What the bus needs of the database connection: LISTEN, and a way to stop it. */
export interface Notifications {
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
}

/**
 * Events stored in the database and announced with NOTIFY: every instance LISTENs and
 * hands each event, with its id, to its own subscribers, whichever instance published.
 */
export async function createStoredEventBus(deps: {
  repo: EventsRepo;
  database: Notifications;
  log: FastifyBaseLogger;
}): Promise<EventBus & { stop(): Promise<void> }> {
  const { repo, database, log } = deps;
  const local = createEventBus();
  // One at a time, in order: a stream skips an id lower than one it has sent, so an
  // event stored or delivered after a newer one (a message, then its status) would be lost
  // to live streams. Stores chain, so this instance's events take their ids in the order
  // published; notices are read in the order they arrive (commit order).
  let stored: Promise<unknown> = Promise.resolve();
  let delivered: Promise<unknown> = Promise.resolve();
  const stop = await database.listen(EVENTS_CHANNEL, (payload) => {
    const notice = readNotice(payload);
    if (!notice) return log.warn('an event notice that is not one of ours');
    // An event too long for its notice is read back: the ones after it wait their turn.
    delivered = delivered
      .then(() => notice.event ?? repo.byId(notice.id))
      .then((event) => {
        if (event) local.deliver({ type: event.type, data: event.data } as DomainEvent, notice.id);
      })
      .catch((err: unknown) => log.error({ err }, 'could not read a notified event'));
  });
  const stopSignals = await database.listen(SIGNALS_CHANNEL, (payload) => {
    try {
      local.deliver(JSON.parse(payload) as DomainEvent);
    } catch (err) {
      log.warn({ err }, 'unreadable signal');
    }
  });
  return {
    signal(event) {
      repo
        .signal(JSON.stringify(event))
        .catch((err: unknown) => log.warn({ err, type: event.type }, 'could not send a signal'));
    },
    publish(event) {
      stored = stored
        .then(() => repo.store(event.type, event.data, userOf(event)))
        .catch((err: unknown) => log.error({ err, type: event.type }, 'could not store an event'));
    },
    subscribe: local.subscribe,
    async stop() {
      try {
        await stopSignals();
        await stop();
      } catch {
        // The database closed first; there is nothing left to listen to.
      }
    },
  };
}
