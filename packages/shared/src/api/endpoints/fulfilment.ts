import { z } from 'zod';
import { fulfilmentTaskParamsSchema, fulfilmentTaskSchema } from '../../contracts/fulfilment.js';
import { ADMIN_REFUSALS, refusals } from './errors.js';

/** The fulfilment queue (decision 0067): open tasks, and marking one done. */
export const fulfilmentEndpoints = {
  'fulfilment.admin.open': {
    summary: 'Open fulfilment tasks, the earliest due first, with their customer and item',
    responses: { 200: z.array(fulfilmentTaskSchema), ...refusals(...ADMIN_REFUSALS) },
  },
  'fulfilment.admin.done': {
    summary: 'Mark a fulfilment task done: the customer sees the item active',
    params: fulfilmentTaskParamsSchema,
    responses: {
      200: fulfilmentTaskSchema,
      ...refusals(...ADMIN_REFUSALS, 'NOT_FOUND'),
    },
  },
} as const;
