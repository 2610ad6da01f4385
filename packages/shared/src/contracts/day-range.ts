import { z } from 'zod';

/** A UTC day, written YYYY-MM-DD. */
export const isoDay = z.iso.date('Must be a date (YYYY-MM-DD)');

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayMs = (value: string) => Date.parse(`${value}T00:00:00Z`);

/**
 * A query whose `from` and `to` (UTC days, both included; the shape says whether they
 * are optional) are checked together: `to` before `from`, or a range of more than
 * `maxDays` days, is refused on `to`.
 */
export function withDayRange<T extends z.ZodRawShape>(shape: T, maxDays: number) {
  return z.object(shape).superRefine((q, ctx) => {
    const { from, to } = q as { from?: unknown; to?: unknown };
    if (typeof from !== 'string' || typeof to !== 'string') return;
    if (!DAY.test(from) || !DAY.test(to)) return;
    const days = (dayMs(to) - dayMs(from)) / 86_400_000;
    if (days < 0)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end is before the start' });
    else if (days >= maxDays)
      ctx.addIssue({
        code: 'too_big',
        origin: 'number',
        maximum: maxDays,
        path: ['to'],
        message: `At most ${maxDays} days`,
      });
  });
}
