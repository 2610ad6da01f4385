import type { LedgerCheck } from '@parley/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ledgerEntries, transactions, txHashKey, users } from '../../db/schema/index.js';

/** The admin's ledger check: balances against their ledger, and hashes claimed twice. */
export function createLedgerCheckQueries(db: Db) {
  /**
   * Every hash that more than one pending or approved payment carries, on one network or
   * several (the same key as the unique index: the canonical hash without 0x), with
   * those payments, oldest first. Rows marked hash_conflict by a migration are the only
   * way in past the index; a rejected payment holds nothing and is left out.
   */
  async function hashCollisions() {
    const live = sql`${transactions.txHash} is not null and ${transactions.status} in ('pending', 'approved')`;
    const key = txHashKey(transactions.txHash);
    const rows = await db
      .select({
        key: sql<string>`${key}`,
        network: transactions.network,
        txHash: transactions.txHash,
        id: transactions.id,
        status: transactions.status,
        userId: transactions.userId,
      })
      .from(transactions)
      .where(
        sql`${live} and ${key} in (select ${key} from ${transactions} where ${live} group by 1 having count(*) > 1)`,
      )
      .orderBy(key, transactions.createdAt, transactions.id);
    const groups = new Map<string, LedgerCheck['hashCollisions'][number]>();
    for (const r of rows) {
      const group = groups.get(r.key) ?? { txHash: r.txHash ?? '', networks: [], transactions: [] };
      if (!group.networks.includes(r.network)) group.networks.push(r.network);
      group.transactions.push({ id: r.id, status: r.status, userId: r.userId, network: r.network });
      groups.set(r.key, group);
    }
    return [...groups.values()].map((g) => ({ ...g, networks: g.networks.sort() }));
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
