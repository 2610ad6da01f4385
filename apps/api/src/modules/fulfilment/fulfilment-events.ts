import type { EventBus } from '../../lib/event-bus.js';

/** The team's message as stored (chat_messages). */
interface OpenedMessage {
  id: number;
  body: string;
  createdAt: Date;
}

/** What was opened, for the events the caller publishes after its commit. */
export interface OpenedTask {
  id: string;
  userId: string;
  orderId: string;
  sessionId: string;
  message: OpenedMessage;
}

/**
 * After the sale commits: the admin panel's queue and the customer's orders follow the
 * new task, and the team's message shows in the customer's chat.
 */
export function publishOpened(events: EventBus, opened: OpenedTask): void {
  events.publish({
    type: 'fulfilment.updated',
    data: { userId: opened.userId, id: opened.id, orderId: opened.orderId, status: 'open' },
  });
  events.publish({
    type: 'chat.message',
    data: {
      userId: opened.userId,
      sessionId: opened.sessionId,
      message: {
        id: String(opened.message.id),
        sessionId: opened.sessionId,
        message: opened.message.body,
        isAdminMessage: true,
        createdAt: opened.message.createdAt.toISOString(),
      },
    },
  });
}
