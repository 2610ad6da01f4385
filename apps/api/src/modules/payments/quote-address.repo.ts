import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chainWatchKeys } from '../../db/schema/index.js';
import type { Tx } from './payment-locks.repo.js';

export interface WatchKeyRow {
  id: string;
  extendedKey: string;
  chain: string;
}

/** The watch keys quotes take their addresses from (the admin screens write them). */
export function createQuoteAddressRepo(db: Db) {
  return {
    async activeKey(family: string): Promise<WatchKeyRow | undefined> {
      const [row] = await db
        .select({
          id: chainWatchKeys.id,
          extendedKey: chainWatchKeys.extendedKey,
          chain: chainWatchKeys.chain,
        })
        .from(chainWatchKeys)
        .where(and(eq(chainWatchKeys.family, family), eq(chainWatchKeys.isActive, true)));
      return row;
    },
    async activeFamilies(): Promise<string[]> {
      const rows = await db
        .select({ family: chainWatchKeys.family })
        .from(chainWatchKeys)
        .where(eq(chainWatchKeys.isActive, true));
      return rows.map((r) => r.family);
    },
  };
}
export type QuoteAddressRepo = ReturnType<typeof createQuoteAddressRepo>;

/**
 * Takes the key's next receive index inside the caller's transaction: the row stays
 * locked until it commits, so each index goes to one quote, and a rolled-back quote
 * gives its index back. Undefined when the key was deactivated meanwhile.
 */
export async function takeIndex(tx: Tx, keyId: string): Promise<number | undefined> {
  const [row] = await tx
    .update(chainWatchKeys)
    .set({ nextIndex: sql`${chainWatchKeys.nextIndex} + 1` })
    .where(and(eq(chainWatchKeys.id, keyId), eq(chainWatchKeys.isActive, true)))
    .returning({ index: sql<number>`${chainWatchKeys.nextIndex} - 1` });
  return row ? Number(row.index) : undefined;
}
