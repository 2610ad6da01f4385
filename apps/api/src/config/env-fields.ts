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

/** "90s", "30m", "48h", "2d", or plain seconds: a duration in milliseconds. */
export const duration = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?\s*[smhd]?$/i, 'must be a duration such as 90s, 30m, 48h or 2d')
    .transform((v) => {
      const unit = v.slice(-1).toLowerCase();
      const n = Number.parseFloat(v);
      const scale = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[unit] ?? 1000;
      return Math.round(n * scale);
    })
    .pipe(
      z
        .number()
        .min(min, `must be at least ${min / 1000} seconds`)
        .max(max, `must be at most ${max / 86_400_000} days`),
    );
