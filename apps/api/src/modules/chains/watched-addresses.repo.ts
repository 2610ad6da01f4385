import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf, timestamptz } from '../../db/raw.js';

/** The addresses a network's watcher looks for (table payment_quotes). */
export function createWatchedAddressesRepo(db: Db) {
  return {
    /**
     * The addresses of the network's quotes derived from a watch key whose expiry plus
     * the late window is still ahead: one indexed read per pass, held as a Set by the pass.
     */
    async list(network: string, now: Date, lateWindowMs: number): Promise<string[]> {
      const after = new Date(now.getTime() - lateWindowMs);
      const rows = rowsOf<{ address: string }>(
        await db.execute(sql`
          select distinct address from payment_quotes
          where network = ${network} and watch_key_id is not null
            and expires_at > ${timestamptz(after)}`),
      );
      return rows.map((r) => r.address);
    },

    /**
     * The Solana Pay references of the network's quotes still watched (the same window),
     * each with the address its payment must pay: the fixed wallet the quote showed.
     */
    async references(network: string, now: Date, lateWindowMs: number) {
      const after = new Date(now.getTime() - lateWindowMs);
      const rows = rowsOf<{ reference: string; address: string }>(
        await db.execute(sql`
          select reference, address from payment_quotes
          where network = ${network} and reference is not null
            and expires_at > ${timestamptz(after)}`),
      );
      return new Map(rows.map((r) => [r.reference, r.address]));
    },
    /**
     * When the oldest of the same quotes was handed out (a first scan starts before it),
     * or null when none is open.
     */
    async oldestSince(network: string, now: Date, lateWindowMs: number): Promise<Date | null> {
      const after = new Date(now.getTime() - lateWindowMs);
      const rows = rowsOf<{ oldest: string | Date | null }>(
        await db.execute(sql`
          select min(created_at) as oldest from payment_quotes
          where network = ${network} and watch_key_id is not null
            and expires_at > ${timestamptz(after)}`),
      );
      const oldest = rows[0]?.oldest ?? null;
      return oldest === null ? null : new Date(oldest);
    },
  };
}
export type WatchedAddressesRepo = ReturnType<typeof createWatchedAddressesRepo>;
