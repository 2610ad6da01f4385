import { and, desc, eq, exists, gt, lt, not, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { paymentQuotes, transactions } from '../../db/schema/index.js';
import { lockKey } from './payment-locks.repo.js';

type NewQuote = typeof paymentQuotes.$inferInsert;

export type QuoteRefusal = 'TOO_MANY_OPEN_QUOTES';

/** A quote still holds its amount: unexpired, or paid by a payment awaiting approval. */
const holdsAmount = (at: Date) =>
  or(
    gt(paymentQuotes.expiresAt, at),
    exists(
      sql`(select 1 from ${transactions} where ${transactions.quoteId} = ${paymentQuotes.id} and ${transactions.status} = 'pending')`,
    ),
  );

/** Open: unexpired and not yet submitted (a submitted quote counts as a pending payment). */
const isOpenQuote = (at: Date) =>
  and(
    gt(paymentQuotes.expiresAt, at),
    not(
      exists(
        sql`(select 1 from ${transactions} where ${transactions.quoteId} = ${paymentQuotes.id})`,
      ),
    ),
  );

/** Payment quotes: written under the customer's and the address's locks, and pruned. */
export function createQuotesRepo(db: Db) {
  return {
    /**
     * Writes a quote unless the customer already has `maxOpen` open ones. Its crypto
     * amount is `pickAmount` of the amounts other quotes on the same address (and
     * currency) still hold, so no two open quotes there ask for the same amount. Both
     * checks hold under concurrency: the customer and the address are locked until the
     * quote is written.
     */
    async createQuote(
      values: Omit<NewQuote, 'cryptoAmount'>,
      opts: {
        at: Date;
        maxOpen: number;
        pickAmount: (held: string[]) => string;
        /**
         * An open quote of this customer for the same amount, coin, chain and address
         * that runs past this time is answered instead of a new one (a reload, a revisit).
         */
        reuseIfOpenUntil?: Date;
      },
    ): Promise<{ quote: typeof paymentQuotes.$inferSelect } | { refused: QuoteRefusal }> {
      return db.transaction(async (tx) => {
        await lockKey(tx, `quotes:user:${values.userId}`);
        if (opts.reuseIfOpenUntil) {
          const [same] = await tx
            .select()
            .from(paymentQuotes)
            .where(
              and(
                eq(paymentQuotes.userId, values.userId),
                eq(paymentQuotes.fiatAmount, values.fiatAmount),
                eq(paymentQuotes.fiatCurrency, values.fiatCurrency),
                eq(paymentQuotes.currency, values.currency),
                eq(paymentQuotes.network, values.network),
                eq(paymentQuotes.address, values.address),
                gt(paymentQuotes.expiresAt, opts.reuseIfOpenUntil),
                isOpenQuote(opts.at),
              ),
            )
            .orderBy(desc(paymentQuotes.expiresAt))
            .limit(1);
          if (same) return { quote: same };
        }
        const [open] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(paymentQuotes)
          .where(and(eq(paymentQuotes.userId, values.userId), isOpenQuote(opts.at)));
        if ((open?.n ?? 0) >= opts.maxOpen) return { refused: 'TOO_MANY_OPEN_QUOTES' as const };
        await lockKey(tx, `quotes:address:${values.network}:${values.address}`);
        const held = await tx
          .select({ amount: paymentQuotes.cryptoAmount })
          .from(paymentQuotes)
          .where(
            and(
              eq(paymentQuotes.network, values.network),
              eq(paymentQuotes.address, values.address),
              eq(paymentQuotes.currency, values.currency),
              holdsAmount(opts.at),
            ),
          );
        const cryptoAmount = opts.pickAmount(held.map((h) => h.amount));
        const [row] = await tx
          .insert(paymentQuotes)
          .values({ ...values, cryptoAmount })
          .returning();
        if (!row) throw new Error('quote insert returned no row');
        return { quote: row };
      });
    },
    /**
     * Deletes quotes that expired before `before` and no payment refers to, at most
     * `batch` per call (idempotent: instances running it together delete each row once).
     */
    async pruneQuotes(before: Date, batch: number): Promise<number> {
      const doomed = db
        .select({ id: paymentQuotes.id })
        .from(paymentQuotes)
        .where(
          and(
            lt(paymentQuotes.expiresAt, before),
            not(
              exists(
                sql`(select 1 from ${transactions} where ${transactions.quoteId} = ${paymentQuotes.id})`,
              ),
            ),
          ),
        )
        .limit(batch);
      const gone = await db
        .delete(paymentQuotes)
        .where(sql`${paymentQuotes.id} in ${doomed}`)
        .returning({ id: paymentQuotes.id });
      return gone.length;
    },
  };
}
