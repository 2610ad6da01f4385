import type { Call } from '../contracts/voice.js';

/**
 * The server-sent events of `/api/events` and `/api/admin/events`: names and payloads,
 * shared so the server writes and the browser reads the same shapes.
 */
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
        /** A top-up (shown as "Add Funds" in the reader's language) or a purchase. */
        kind: 'topup' | 'purchase';
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
    }
  | {
      /** An admin credited or debited the balance by hand (a ledger adjustment). */
      type: 'balance.adjusted';
      data: { userId: string; entryId: string };
    }
  | {
      /** A call started, rang, was answered or ended (then with its cost). */
      type: 'call.updated';
      data: { userId: string; call: Call };
    };

export type DomainEventType = DomainEvent['type'];
export type EventData<T extends DomainEventType> = Extract<DomainEvent, { type: T }>['data'];

/** What each stream carries besides its own bookkeeping events. */
export const ADMIN_EVENT_TYPES = [
  'user.created',
  'transaction.created',
  'transaction.updated',
  'catalogue.changed',
  'call.updated',
  'balance.adjusted',
] as const satisfies readonly DomainEventType[];
export const CUSTOMER_EVENT_TYPES = [
  'transaction.created',
  'transaction.updated',
  'call.updated',
  'balance.adjusted',
] as const satisfies readonly DomainEventType[];

/** Why a stream ended; a reconnect then gets 401 or 403 (or, when unavailable, retries). */
export type StreamEndReason = 'signed-out' | 'forbidden' | 'unavailable';

/** The stream's own events, around the domain ones. */
export interface StreamEvents {
  connected: { replayed: number };
  heartbeat: Record<string, never>;
  ended: { reason: StreamEndReason };
}
