import { and, desc, eq, exists, gt, gte, isNull, lt, not, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { timestamptz } from '../../db/raw.js';
import { appMeta, paymentQuotes, transactions } from '../../db/schema/index.js';
import { lockKey, type Tx } from './payment-locks.repo.js';
import type { DerivedPlace } from './quote-address.js';
import { takeIndex } from './quote-address.repo.js';

/** `app_meta`'s key for the cut-off of the last complete prune of quotes. */
const QUOTES_PRUNED_BEFORE = 'retention.quotes_pruned_before';

type NewQuote = typeof paymentQuotes.$inferInsert;

/** The key was deactivated, or no index near the counter gives an address. */
export type QuoteRefusal = 'TOO_MANY_OPEN_QUOTES' | 'ADDRESS_UNAVAILABLE';

/** Indexes tried for one quote: BIP32 skips one in 2^127, so more means the key is spent. */
const MAX_INDEX_TRIES = 4;

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

/** The key's next usable receive index and its address, taken in `tx`. */
async function derivedPlace(tx: Tx, derived: DerivedPlace) {
  for (let i = 0; i < MAX_INDEX_TRIES; i++) {
    const index = await takeIndex(tx, derived.keyId);
    if (index === undefined) return null;
    const address = derived.address(index);
    if (address) return { watchKeyId: derived.keyId, derivationIndex: index, address };
  }
  return null;
}

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
        /**
         * A watched quote: its address is the key's next receive address, taken in this
         * transaction (`values.address` and `walletId` are then not used).
         */
        derived?: DerivedPlace;
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
                opts.derived
                  ? eq(paymentQuotes.watchKeyId, opts.derived.keyId)
                  : eq(paymentQuotes.address, values.address),
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
        if (opts.derived) {
          const place = await derivedPlace(tx, opts.derived);
          if (!place) return { refused: 'ADDRESS_UNAVAILABLE' as const };
          // The address is this quote's alone: its amount needs no unique digits.
          const [row] = await tx
            .insert(paymentQuotes)
            .values({ ...values, ...place, walletId: null, cryptoAmount: opts.pickAmount([]) })
            .returning();
          if (!row) throw new Error('quote insert returned no row');
          return { quote: row };
        }
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
     * A watched quote stays: a late payment to its address is still credited, and its
     * index must never be handed out again. Past its grace a quote's fate is settled, so
     * only those expired since the last complete pass are looked at (`app_meta` keeps
     * that pass's cut-off): the paid ones of every month before are never read again.
     */
    async pruneQuotes(before: Date, batch: number): Promise<number> {
      const [mark] = await db
        .select({ value: appMeta.value })
        .from(appMeta)
        .where(eq(appMeta.key, QUOTES_PRUNED_BEFORE));
      const prunable = and(
        mark ? gte(paymentQuotes.expiresAt, new Date(mark.value)) : undefined,
        lt(paymentQuotes.expiresAt, before),
        isNull(paymentQuotes.watchKeyId),
        not(
          exists(
            sql`(select 1 from ${transactions} where ${transactions.quoteId} = ${paymentQuotes.id})`,
          ),
        ),
      );
      const pick = (n: number) =>
        db.select({ id: paymentQuotes.id }).from(paymentQuotes).where(prunable).limit(n);
      const gone = await db
        .delete(paymentQuotes)
        .where(sql`${paymentQuotes.id} in ${pick(batch)}`)
        .returning({ id: paymentQuotes.id });
      // The cut-off moves only once nothing before it is left: fewer than a batch gone can
      // also mean another instance's delete held the rows this one picked.
      if (gone.length < batch && (await pick(1)).length === 0)
        await db
          .insert(appMeta)
          .values({ key: QUOTES_PRUNED_BEFORE, value: before.toISOString() })
          .onConflictDoUpdate({
            target: appMeta.key,
            set: { value: before.toISOString() },
            setWhere: sql`${appMeta.value}::timestamptz < ${timestamptz(before)}`,
          });
      return gone.length;
    },
  };
}
