import { ConstraintError } from './constraint-error.js';

/** The PostgreSQL error code of a failed query (drizzle wraps the driver's error as its cause). */
export function pgErrorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = typeof e?.code === 'string' ? e.code : e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
/** Deleting a row another still references (ON DELETE RESTRICT raises this one). */
export const RESTRICT_VIOLATION = '23001';
export const CHECK_VIOLATION = '23514';
export const EXCLUSION_VIOLATION = '23P01';

/**
 * Runs a write and turns a broken unique or foreign key rule into a ConstraintError
 * (repos use it; services see only the domain error). On a delete a foreign key means
 * the row is still referenced; on a write, that the row it names does not exist.
 */
export async function refusedAs<T>(op: 'write' | 'delete', work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const code = pgErrorCode(err);
    if (code === UNIQUE_VIOLATION) throw new ConstraintError('duplicate', { cause: err });
    if (op === 'delete' && (code === FOREIGN_KEY_VIOLATION || code === RESTRICT_VIOLATION))
      throw new ConstraintError('still-referenced', { cause: err });
    if (op === 'write' && code === FOREIGN_KEY_VIOLATION)
      throw new ConstraintError('missing-reference', { cause: err });
    throw err;
  }
}
