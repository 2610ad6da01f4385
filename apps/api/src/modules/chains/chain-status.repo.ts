import { count } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chainCursors, chainDeposits } from '../../db/schema/index.js';

export type CursorRow = typeof chainCursors.$inferSelect;
export type DepositCount = { network: string; status: string; n: number };

/** What the watchers wrote (cursors) and what they found (deposits), for the status screen. */
export function createChainStatusRepo(db: Db) {
  return {
    cursors(): Promise<CursorRow[]> {
      return db.select().from(chainCursors);
    },
    depositCounts(): Promise<DepositCount[]> {
      return db
        .select({ network: chainDeposits.network, status: chainDeposits.status, n: count() })
        .from(chainDeposits)
        .groupBy(chainDeposits.network, chainDeposits.status);
    },
  };
}
export type ChainStatusRepo = ReturnType<typeof createChainStatusRepo>;
