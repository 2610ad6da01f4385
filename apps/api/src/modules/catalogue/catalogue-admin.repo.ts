import { eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  countryPricing,
  didNumbers,
  packages,
  services,
  sipDomains,
} from '../../db/schema/index.js';
import { refusedAs } from '../../lib/pg-errors.js';

type Table =
  | typeof services
  | typeof packages
  | typeof countryPricing
  | typeof sipDomains
  | typeof didNumbers;

/**
 * Create, replace and delete by id for one catalogue table. A broken unique or foreign
 * key rule comes out as a ConstraintError.
 */
function crud<T extends Table>(db: Db, table: T) {
  const byId = (id: string) => eq((table as unknown as { id: typeof services.id }).id, id);
  return {
    insert: (values: T['$inferInsert']): Promise<T['$inferSelect']> =>
      refusedAs('write', async () => {
        const [row] = await db
          .insert(table as PgTable)
          .values(values)
          .returning();
        return row as T['$inferSelect'];
      }),
    update: (
      id: string,
      values: Partial<T['$inferInsert']>,
    ): Promise<T['$inferSelect'] | undefined> =>
      refusedAs('write', async () => {
        const [row] = await db
          .update(table as PgTable)
          .set(values)
          .where(byId(id))
          .returning();
        return row as T['$inferSelect'] | undefined;
      }),
    remove: (id: string): Promise<boolean> =>
      refusedAs('delete', async () => {
        const rows = await db
          .delete(table as PgTable)
          .where(byId(id))
          .returning();
        return rows.length > 0;
      }),
  };
}

export function createCatalogueAdminRepo(db: Db) {
  return {
    services: crud(db, services),
    packages: crud(db, packages),
    countryPricing: crud(db, countryPricing),
    sipDomains: crud(db, sipDomains),
    numbers: crud(db, didNumbers),
    async serviceSlugOf(serviceId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ slug: services.slug })
        .from(services)
        .where(eq(services.id, serviceId));
      return row?.slug;
    },
    async countryNames(): Promise<Map<string, string>> {
      const rows = await db
        .select({ id: countryPricing.id, name: countryPricing.countryName })
        .from(countryPricing);
      return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
    },

    /** Writes every row or none: updates by id where given, inserts the rest. */
    async upsertCountryPricing(
      rows: { id?: string; values: typeof countryPricing.$inferInsert }[],
    ): Promise<void> {
      await refusedAs('write', () =>
        db.transaction(async (tx) => {
          for (const { id, values } of rows) {
            if (id)
              await tx
                .update(countryPricing)
                .set({ ...values, updatedAt: new Date() })
                .where(eq(countryPricing.id, id));
            else await tx.insert(countryPricing).values(values);
          }
        }),
      );
    },

    async existingNumbers(numbers: string[]): Promise<Set<string>> {
      if (numbers.length === 0) return new Set();
      const rows = await db
        .select({ n: didNumbers.number })
        .from(didNumbers)
        .where(inArray(didNumbers.number, numbers));
      return new Set(rows.map((r) => r.n));
    },

    /** All or nothing. */
    async insertNumbers(rows: (typeof didNumbers.$inferInsert)[]): Promise<void> {
      if (rows.length) await refusedAs('write', () => db.insert(didNumbers).values(rows));
    },

    listNumbers() {
      return db.select().from(didNumbers).orderBy(didNumbers.countryCode, didNumbers.number);
    },
  };
}
export type CatalogueAdminRepo = ReturnType<typeof createCatalogueAdminRepo>;
