import { z } from 'zod';
import { FULFILMENT_STATUSES } from '../domain/fulfilment.js';

/** A task the team works on by hand: an item "fulfilled by our team" that a customer bought. */
export const fulfilmentTaskSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  userId: z.string(),
  email: z.string(),
  itemId: z.string(),
  /** The item's name as it was sold. */
  itemName: z.string(),
  status: z.enum(FULFILMENT_STATUSES),
  /** When the order was placed. */
  orderedAt: z.string(),
  dueAt: z.string(),
  doneAt: z.string().nullable(),
  /** The customer's chat conversation, for the link to it; null if it was deleted. */
  chatSessionId: z.string().nullable(),
});
export type FulfilmentTask = z.infer<typeof fulfilmentTaskSchema>;

export const fulfilmentTaskParamsSchema = z.object({ id: z.uuid('Invalid task') });
