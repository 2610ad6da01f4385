import { z } from 'zod';

/** Blank values count as unset, as they do in most `.env` tooling. */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    schema.optional(),
  );

/** A whole number setting between min and max. */
export const count = (min: number, max: number) =>
  optional(
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(min, `must be at least ${min}`)
      .max(max, `must be at most ${max}`),
  );

/** Every key of a module's environment shape, each optional (blank counts as unset). */
export function optionalAll<T extends Record<string, z.ZodType>>(shape: T) {
  return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, optional(v)])) as {
    [K in keyof T]: ReturnType<typeof optional<T[K]>>;
  };
}
