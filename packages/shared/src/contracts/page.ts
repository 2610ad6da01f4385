import { z } from 'zod';

/** A page of a list in the query string: `page` from 1, `pageSize` up to `max`. */
export const pageQuery = (pageSize = 20, max = 100) => ({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(max).default(pageSize),
});

/** One page of a list: its items, how many there are in all, and which page this is. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

/** One page of a list, as pageOf describes it. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
