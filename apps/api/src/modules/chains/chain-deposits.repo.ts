import { and, count, desc, eq, isNotNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { chainDeposits, paymentQuotes, users } from '../../db/schema/index.js';

/** Which deposits an admin lists: every one, or of a network, a status, flagged only. */
export type DepositFilter = { network?: string; status?: string; flagged?: boolean };

/** A deposit with its quote's derivation index, the customer's email and the resolver's. */
export type AdminDepositRow = typeof chainDeposits.$inferSelect & {
  derivationIndex: number | null;
  email: string;
  resolverEmail: string | null;
};

const resolver = alias(users, 'resolver');

/** The deposits the watchers recorded, as the admin screen lists them. */
export function createChainDepositsRepo(db: Db) {
  const select = (where: SQL | undefined) =>
    db
      .select({
        deposit: chainDeposits,
        derivationIndex: paymentQuotes.derivationIndex,
        email: users.email,
        resolverEmail: resolver.email,
      })
      .from(chainDeposits)
      .innerJoin(paymentQuotes, eq(paymentQuotes.id, chainDeposits.quoteId))
      .innerJoin(users, eq(users.id, chainDeposits.userId))
      .leftJoin(resolver, eq(resolver.id, chainDeposits.resolvedBy))
      .where(where);
  const toRow = (r: Awaited<ReturnType<typeof select>>[number]): AdminDepositRow => ({
    ...r.deposit,
    derivationIndex: r.derivationIndex,
    email: r.email,
    resolverEmail: r.resolverEmail,
  });
  return {
    async page(filter: DepositFilter, page: number, pageSize: number) {
      const where = and(
        filter.network ? eq(chainDeposits.network, filter.network) : undefined,
        filter.status ? eq(chainDeposits.status, filter.status) : undefined,
        filter.flagged ? isNotNull(chainDeposits.flaggedAt) : undefined,
      );
      const [items, [total]] = await Promise.all([
        select(where)
          .orderBy(desc(chainDeposits.seenAt), desc(chainDeposits.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(chainDeposits).where(where),
      ]);
      return { items: items.map(toRow), total: total?.n ?? 0 };
    },

    /** One deposit as the list shows it; undefined when there is none. */
    async one(id: string): Promise<AdminDepositRow | undefined> {
      const [row] = await select(eq(chainDeposits.id, id));
      return row ? toRow(row) : undefined;
    },
  };
}
export type ChainDepositsRepo = ReturnType<typeof createChainDepositsRepo>;
