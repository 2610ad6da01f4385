import { z } from 'zod';
import { pageQuery } from '../../contracts/page.js';
import { userIdParamsSchema } from '../../contracts/users.js';
import { ADMIN_REFUSALS, refusals } from './errors.js';

export const pageQuerySchema = z.object(pageQuery(20));

/** A customer's list, read by an admin from the customer's detail view. */
export const ofUser = <Q extends z.ZodType, T extends z.ZodType>(
  summary: string,
  query: Q,
  answer: T,
) =>
  ({
    summary,
    params: userIdParamsSchema,
    query,
    responses: { 200: answer, ...refusals(...ADMIN_REFUSALS) },
  }) as const;
