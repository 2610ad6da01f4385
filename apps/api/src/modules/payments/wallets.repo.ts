import type { CryptoWalletInput } from '@parley/shared';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cryptoWallets } from '../../db/schema/index.js';

export function createWalletsRepo(db: Db) {
  return {
    list() {
      return db.select().from(cryptoWallets).orderBy(desc(cryptoWallets.createdAt));
    },
    listActive() {
      return db
        .select()
        .from(cryptoWallets)
        .where(eq(cryptoWallets.isActive, true))
        .orderBy(asc(cryptoWallets.currency), asc(cryptoWallets.createdAt));
    },
    /** The wallet payments in this currency on this chain go to: the oldest active one. */
    async activeFor(currency: string, network: string) {
      const [row] = await db
        .select()
        .from(cryptoWallets)
        .where(
          and(
            eq(cryptoWallets.currency, currency),
            eq(cryptoWallets.network, network),
            eq(cryptoWallets.isActive, true),
          ),
        )
        .orderBy(asc(cryptoWallets.createdAt))
        .limit(1);
      return row;
    },
    async create(input: CryptoWalletInput) {
      const [row] = await db.insert(cryptoWallets).values(input).returning();
      if (!row) throw new Error('wallet insert returned no row');
      return row;
    },
    async setActive(id: string, isActive: boolean, now: Date) {
      const [row] = await db
        .update(cryptoWallets)
        .set({ isActive, updatedAt: now })
        .where(eq(cryptoWallets.id, id))
        .returning();
      return row;
    },
  };
}
export type WalletsRepo = ReturnType<typeof createWalletsRepo>;
