import { EventEmitter } from 'node:events';
import type { DomainEvent } from '@parley/shared';

export type { DomainEvent };

/** A listener gets the event and, when it was stored, its id in the events table. */
export type EventListener = (event: DomainEvent, id?: number) => void;

export interface EventBus {
  /** Stored with an id: every instance delivers it, and a reconnecting stream replays it. */
  publish(event: DomainEvent): void;
  /**
   * Delivered live on every instance, never stored nor replayed (no id): for what is
   * stale within seconds, such as "is typing".
   */
  signal(event: DomainEvent): void;
  subscribe(listener: EventListener): () => void;
}

/**
 * In-process publish/subscribe, for tests and as the local half of the stored bus
 * (modules/events), which adds persistence and fan-out across instances.
 */
export function createEventBus(): EventBus & { deliver(event: DomainEvent, id?: number): void } {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const deliver = (event: DomainEvent, id?: number) => emitter.emit('event', event, id);
  return {
    publish: (event) => deliver(event),
    signal: (event) => deliver(event),
    deliver,
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
  };
}
