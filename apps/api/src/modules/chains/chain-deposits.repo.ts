import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chainDeposits, paymentQuotes, users } from '../../db/schema/index.js';

/** Which deposits an admin lists: every one, or of a network, a status, flagged only. */
export type DepositFilter = { network?: string; status?: string; flagged?: boolean };

/** A deposit with its quote's derivation index and the customer's email. */
export type AdminDepositRow = typeof chainDeposits.$inferSelect & {
  derivationIndex: number | null;
  email: string;
};

/** The deposits the watchers recorded, as the admin screen lists them. */
export function createChainDepositsRepo(db: Db) {
  return {
    async page(filter: DepositFilter, page: number, pageSize: number) {
      const where = and(
        filter.network ? eq(chainDeposits.network, filter.network) : undefined,
        filter.status ? eq(chainDeposits.status, filter.status) : undefined,
        filter.flagged ? isNotNull(chainDeposits.flaggedAt) : undefined,
      );
      const [items, [total]] = await Promise.all([
        db
          .select({
            deposit: chainDeposits,
            derivationIndex: paymentQuotes.derivationIndex,
            email: users.email,
          })
          .from(chainDeposits)
          .innerJoin(paymentQuotes, eq(paymentQuotes.id, chainDeposits.quoteId))
          .innerJoin(users, eq(users.id, chainDeposits.userId))
          .where(where)
          .orderBy(desc(chainDeposits.seenAt), desc(chainDeposits.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(chainDeposits).where(where),
      ]);
      const rows: AdminDepositRow[] = items.map((r) => ({
        ...r.deposit,
        derivationIndex: r.derivationIndex,
        email: r.email,
      }));
      return { items: rows, total: total?.n ?? 0 };
    },
  };
}
export type ChainDepositsRepo = ReturnType<typeof createChainDepositsRepo>;
