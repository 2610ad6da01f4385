/**
 * A time as the API writes it. drizzle reads times as Dates; a prepared read (decision
 * 0033) has PostgreSQL write them already as `toISOString` would.
 */
export const isoTime = (t: Date | string): string => (typeof t === 'string' ? t : t.toISOString());
