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

/**
 * A list's total is counted up to COUNT_CAP and one more: counting further would read the
 * whole table on every page (docs/performance.md). A total above it means "more than
 * COUNT_CAP", and a pager says so ("1000+").
 */
export const COUNT_CAP = 1000;

/** How many pages a total makes, and whether there are more than it could count. */
export function pagesOf(total: number, pageSize: number): { pages: number; more: boolean } {
  const more = total > COUNT_CAP;
  return { pages: Math.max(1, Math.ceil(Math.min(total, COUNT_CAP) / pageSize)), more };
}
