import { and, asc, eq } from 'drizzle-orm';
import { type AuditBy, writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { exchangeRates } from '../../db/schema/index.js';

type Row = typeof exchangeRates.$inferSelect;
const snapshot = (r: Row) => ({
  rate: r.rate,
  source: r.source,
  updatedAt: r.updatedAt.toISOString(),
});

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
    /** Sets a rate and writes its audit row (before and after) in one transaction. */
    set(base: string, quote: string, rate: string, source: string, now: Date, by: AuditBy) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(exchangeRates)
          .where(and(eq(exchangeRates.base, base), eq(exchangeRates.quote, quote)))
          .for('update');
        const [row] = await tx
          .insert(exchangeRates)
          .values({ base, quote, rate, source, updatedAt: now })
          .onConflictDoUpdate({
            target: [exchangeRates.base, exchangeRates.quote],
            set: { rate, source, updatedAt: now },
          })
          .returning();
        if (!row) throw new Error('rate upsert returned no row');
        await writeAudit(tx, {
          ...by,
          action: 'rate.update',
          targetType: 'rate',
          targetId: `${base}/${quote}`,
          before: before ? snapshot(before) : null,
          after: snapshot(row),
        });
        return row;
      });
    },
  };
}
export type RatesRepo = ReturnType<typeof createRatesRepo>;
