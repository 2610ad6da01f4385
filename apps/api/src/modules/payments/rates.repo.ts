import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { exchangeRates } from '../../db/schema/index.js';

export function createRatesRepo(db: Db) {
  return {
    list() {
      return db
        .select()
        .from(exchangeRates)
        .orderBy(asc(exchangeRates.base), asc(exchangeRates.quote));
    },
    async find(base: string, quote: string) {
      const [row] = await db
        .select()
        .from(exchangeRates)
        .where(and(eq(exchangeRates.base, base), eq(exchangeRates.quote, quote)));
      return row;
    },
    async set(base: string, quote: string, rate: string, source: string, now: Date) {
      const [row] = await db
        .insert(exchangeRates)
        .values({ base, quote, rate, source, updatedAt: now })
        .onConflictDoUpdate({
          target: [exchangeRates.base, exchangeRates.quote],
          set: { rate, source, updatedAt: now },
        })
        .returning();
      if (!row) throw new Error('rate upsert returned no row');
      return row;
    },
  };
}
export type RatesRepo = ReturnType<typeof createRatesRepo>;
