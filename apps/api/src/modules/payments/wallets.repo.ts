import type { CryptoWalletInput } from '@parley/shared';
import { and, asc, desc, eq } from 'drizzle-orm';
import { type AuditBy, writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { cryptoWallets } from '../../db/schema/index.js';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors.js';

type Row = typeof cryptoWallets.$inferSelect;
const snapshot = (r: Row) => ({
  currency: r.currency,
  network: r.network,
  address: r.address,
  walletType: r.walletType,
  description: r.description,
  isActive: r.isActive,
});

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
    /** Adds a wallet and its audit row in one transaction; 'duplicate' when it exists. */
    async create(input: CryptoWalletInput, by: AuditBy) {
      const created = db.transaction(async (tx) => {
        const [row] = await tx.insert(cryptoWallets).values(input).returning();
        if (!row) throw new Error('wallet insert returned no row');
        await writeAudit(tx, {
          ...by,
          action: 'wallet.create',
          targetType: 'wallet',
          targetId: row.id,
          before: null,
          after: snapshot(row),
        });
        return row;
      });
      return created.catch((err) => {
        if (pgErrorCode(err) === UNIQUE_VIOLATION) return 'duplicate' as const;
        throw err;
      });
    },
    /** Switches a wallet on or off; the audit row is written only when it changed. */
    setActive(id: string, isActive: boolean, now: Date, by: AuditBy) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(cryptoWallets)
          .where(eq(cryptoWallets.id, id))
          .for('update');
        if (!before) return undefined;
        if (before.isActive === isActive) return before;
        const [row] = await tx
          .update(cryptoWallets)
          .set({ isActive, updatedAt: now })
          .where(eq(cryptoWallets.id, id))
          .returning();
        if (!row) throw new Error('wallet update returned no row');
        await writeAudit(tx, {
          ...by,
          action: isActive ? 'wallet.activate' : 'wallet.deactivate',
          targetType: 'wallet',
          targetId: row.id,
          before: snapshot(before),
          after: snapshot(row),
        });
        return row;
      });
    },
  };
}
export type WalletsRepo = ReturnType<typeof createWalletsRepo>;
