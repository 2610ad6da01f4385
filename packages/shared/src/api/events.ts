import type { AdminChatMessage, ChatMessage } from '../contracts/chat.js';
import type { Call } from '../contracts/voice.js';
import type { ChatStatus } from '../domain/chat.js';

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
    }
  | {
      /** A message in a customer's conversation, from them or from an admin. */
      type: 'chat.message';
      data: { userId: string; sessionId: string; message: ChatMessage };
    }
  | {
      /** Someone is typing, until then (a late or replayed one is ignored). */
      type: 'chat.typing';
      data: { userId: string; sessionId: string; by: 'customer' | 'admin'; until: string };
    }
  | {
      /** One side has seen the other's messages up to `upTo`. */
      type: 'chat.read';
      data: { userId: string; sessionId: string; by: 'customer' | 'admin'; upTo: string };
    }
  | {
      type: 'chat.status';
      data: { userId: string; sessionId: string; status: ChatStatus };
    }
  | {
      /** A customer asked for a sender ID (pending), or an admin approved or rejected it. */
      type: 'sender.updated';
      data: { userId: string; id: string; senderId: string; status: string };
    }
  | {
      /** A customer's subscription renewed, entered grace, was suspended, reactivated or ended. */
      type: 'subscription.updated';
      data: { userId: string; orderId: string; status: string; renewsAt: string | null };
    }
  | {
      /** Something the customer is told (a reminder, a suspension, a low balance). */
      type: 'notification.created';
      data: { userId: string; id: string; code: string };
    }
  | {
      /**
       * A payment to a quote's own address was seen, gained a confirmation, left the
       * chain, was credited or was flagged (a credited one whose block was replaced).
       */
      type: 'deposit.updated';
      data: {
        userId: string;
        id: string;
        quoteId: string;
        network: string;
        currency: string;
        amount: string;
        status: 'seen' | 'credited' | 'dropped';
        confirmations: number;
        required: number;
        /** Credited at the rate of the day it confirmed: it came after the quote expired. */
        late: boolean;
        /** What the balance gained (billing currency), once credited. */
        creditAmount: string | null;
        flagged: boolean;
      };
    }
  | {
      /** A fulfilment task opened (the customer bought an item the team sets up) or was done. */
      type: 'fulfilment.updated';
      data: { userId: string; id: string; orderId: string; status: 'open' | 'done' };
    }
  | {
      /** Admins only (no userId: never on a customer's stream): a note or an assignment. */
      type: 'chat.internal';
      data: {
        sessionId: string;
        note?: AdminChatMessage;
        assignee?: { id: string; name: string } | null;
      };
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
  'chat.message',
  'chat.typing',
  'chat.read',
  'chat.status',
  'chat.internal',
  'subscription.updated',
  'sender.updated',
  'deposit.updated',
  'fulfilment.updated',
] as const satisfies readonly DomainEventType[];
export const CUSTOMER_EVENT_TYPES = [
  'deposit.updated',
  'transaction.created',
  'transaction.updated',
  'call.updated',
  'balance.adjusted',
  'chat.message',
  'chat.typing',
  'chat.read',
  'chat.status',
  'subscription.updated',
  'notification.created',
  'sender.updated',
  'fulfilment.updated',
] as const satisfies readonly DomainEventType[];

/** Why a stream ended; a reconnect then gets 401 or 403 (or, when unavailable, retries). */
export type StreamEndReason = 'signed-out' | 'forbidden' | 'unavailable';

/** The stream's own events, around the domain ones. */
export interface StreamEvents {
  /**
   * `resumed`: the stream started after the client's Last-Event-ID and replayed all it
   * missed (not when the replay was cut short or events after it were pruned). Otherwise
   * the stream starts at the newest event, and a page reads again what it read before.
   */
  connected: { replayed: number; resumed: boolean };
  heartbeat: Record<string, never>;
  ended: { reason: StreamEndReason };
}
