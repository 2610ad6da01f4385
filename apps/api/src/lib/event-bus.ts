import { EventEmitter } from 'node:events';

/** Domain events other parts of Parley react to (the admin stream, later). */
export type DomainEvent =
  | { type: 'user.created'; data: { id: string; email: string } }
  | {
      type: 'catalogue.changed';
      data: {
        entity: 'service' | 'package' | 'country-pricing' | 'sip-domain' | 'number';
        action: 'created' | 'updated' | 'deleted';
        id: string;
      };
    }
  | {
      type: 'transaction.created';
      data: {
        id: string;
        userId: string;
        email: string;
        serviceName: string;
        currency: string;
        amount: string;
        /** The fiat currency of `amount` (USD, GBP); `currency` is the coin it is paid in. */
        amountCurrency: string;
      };
    }
  | {
      type: 'transaction.updated';
      data: { id: string; userId: string; status: string };
    };

/** A listener gets the event and, when it was stored, its id in the events table. */
export type EventListener = (event: DomainEvent, id?: number) => void;

export interface EventBus {
  publish(event: DomainEvent): void;
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
    deliver,
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
  };
}
