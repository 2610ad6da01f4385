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
