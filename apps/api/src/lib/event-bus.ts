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
      };
    }
  | {
      type: 'transaction.updated';
      data: { id: string; userId: string; status: string };
    };

/**
 * In-process publish/subscribe. The admin event stream subscribes here; fan-out
 * across instances (PostgreSQL LISTEN/NOTIFY) plugs in behind the same interface.
 */
export function createEventBus() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(event: DomainEvent): void {
      emitter.emit('event', event);
    },
    subscribe(listener: (event: DomainEvent) => void): () => void {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
  };
}
export type EventBus = ReturnType<typeof createEventBus>;
