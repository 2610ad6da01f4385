import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ledgerEntries, transactions, users } from '../../db/schema/index.js';

/** The admin's ledger check: balances against their ledger, and hashes paid twice. */
export function createLedgerCheckQueries(db: Db) {
  /** Every (network, hash) more than one payment carries, with those payments, oldest first. */
  async function hashCollisions() {
    const rows = await db
      .select({
        network: transactions.network,
        txHash: transactions.txHash,
        id: transactions.id,
        status: transactions.status,
        userId: transactions.userId,
      })
      .from(transactions)
      .where(
        sql`(${transactions.network}, ${transactions.txHash}) in (select network, tx_hash from ${transactions} where tx_hash is not null group by network, tx_hash having count(*) > 1)`,
      )
      .orderBy(transactions.network, transactions.txHash, transactions.createdAt, transactions.id);
    const groups = new Map<
      string,
      {
        network: string;
        txHash: string;
        transactions: { id: string; status: string; userId: string }[];
      }
    >();
    for (const r of rows) {
      const key = `${r.network}:${r.txHash}`;
      const group = groups.get(key) ?? {
        network: r.network,
        txHash: r.txHash ?? '',
        transactions: [],
      };
      group.transactions.push({ id: r.id, status: r.status, userId: r.userId });
      groups.set(key, group);
    }
    return [...groups.values()];
  }

  return {
    /** Users whose cached balance is not the sum of their ledger rows. */
    async ledgerMismatches() {
      const sums = db
        .select({
          userId: ledgerEntries.userId,
          total: sql<string>`sum(${ledgerEntries.amount})`.as('total'),
        })
        .from(ledgerEntries)
        .groupBy(ledgerEntries.userId)
        .as('sums');
      const rows = await db
        .select({
          userId: users.id,
          balance: users.cryptoBalance,
          ledgerSum: sql<string>`coalesce(${sums.total}, 0)::numeric(20,4)::text`,
        })
        .from(users)
        .leftJoin(sums, eq(sums.userId, users.id))
        .where(sql`${users.cryptoBalance} <> coalesce(${sums.total}, 0)`);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
      return { users: count?.n ?? 0, mismatches: rows, hashCollisions: await hashCollisions() };
    },
  };
}
