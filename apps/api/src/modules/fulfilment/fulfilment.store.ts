/**
 * Opening a fulfilment task: called by the orders store inside the sale's transaction, so
 * an item "fulfilled by our team" is never sold without its task and its chat message
 * (decision 0067). Only `*.repo.ts` files and the orders store import it.
 */
import { fulfilmentDueAt, fulfilmentOpening } from '@parley/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/ledger.js';
import { chatMessages, chatSessions, fulfilmentTasks, users } from '../../db/schema/index.js';
import type { OpenedTask } from './fulfilment-events.js';

export type { OpenedTask };

export interface TaskInput {
  orderId: string;
  userId: string;
  itemId: string;
  /** The item's name as sold (English), and in the customer's language if it has one. */
  itemName: string;
  localName: (language: string | null) => string;
  at: Date;
}

/**
 * Opens the task, and the customer's conversation (or their existing one) with the
 * team's message naming the item in their language; the conversation shows as open so
 * the chat console lists it first.
 */
export async function openFulfilmentTask(tx: Tx, input: TaskInput): Promise<OpenedTask> {
  const [task] = await tx
    .insert(fulfilmentTasks)
    .values({
      orderId: input.orderId,
      userId: input.userId,
      itemId: input.itemId,
      itemName: input.itemName,
      dueAt: fulfilmentDueAt(input.at),
      createdAt: input.at,
    })
    .returning({ id: fulfilmentTasks.id });
  if (!task) throw new Error('fulfilment task was not written');
  const [person] = await tx
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, input.userId));
  await tx.insert(chatSessions).values({ userId: input.userId }).onConflictDoNothing();
  const [session] = await tx
    .select({ id: chatSessions.id })
    .from(chatSessions)
    .where(eq(chatSessions.userId, input.userId));
  if (!session) throw new Error('chat session was not written');
  const language = person?.language ?? null;
  const [message] = await tx
    .insert(chatMessages)
    .values({
      sessionId: session.id,
      kind: 'admin',
      authorId: null,
      body: fulfilmentOpening(input.localName(language), language),
    })
    .returning();
  if (!message) throw new Error('chat message was not written');
  await tx
    .update(chatSessions)
    .set({ status: 'open', lastMessageAt: message.createdAt })
    .where(eq(chatSessions.id, session.id));
  return {
    id: task.id,
    userId: input.userId,
    orderId: input.orderId,
    sessionId: session.id,
    message,
  };
}
