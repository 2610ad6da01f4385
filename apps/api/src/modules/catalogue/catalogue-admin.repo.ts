import { eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type AuditBy, type AuditEntry, writeAudit, writeAudits } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/ledger.js';
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

/** The audit log's name for each catalogue table's rows (`targetType`, action prefix). */
type Target = 'service' | 'package' | 'country_pricing' | 'sip_domain' | 'number';

/** What the audit log keeps of a row: its fields but the id and timestamps. */
function snapshot(row: Record<string, unknown> | undefined) {
  if (!row) return null;
  const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = row;
  return fields;
}

/** Whether a bulk write changed a row: its fields (not its timestamps) differ. */
const changed = (before: Record<string, unknown> | undefined, after: Record<string, unknown>) =>
  JSON.stringify(snapshot(before)) !== JSON.stringify(snapshot(after));

/**
 * Create, replace and delete by id for one catalogue table. A broken unique or foreign
 * key rule comes out as a ConstraintError. Each change and its audit row
 * (`service.update`, `country_pricing.update`…, who and from where, before and after)
 * commit together, so a price set to 0 and back leaves two rows.
 */
function crud<T extends Table>(db: Db, table: T, target: Target) {
  const byId = (id: string) => eq((table as unknown as { id: typeof services.id }).id, id);
  type Row = T['$inferSelect'];
  const audit = async (
    tx: Tx,
    by: AuditBy,
    action: 'create' | 'update' | 'delete',
    id: string,
    before: Row | undefined,
    after: Row | undefined,
  ) => {
    await writeAudit(tx, {
      ...by,
      action: `${target}.${action}`,
      targetType: target,
      targetId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
  };
  return {
    insert: (values: T['$inferInsert'], by: AuditBy): Promise<Row> =>
      refusedAs('write', () =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .insert(table as PgTable)
            .values(values)
            .returning();
          const created = row as Row;
          await audit(tx, by, 'create', created.id, undefined, created);
          return created;
        }),
      ),
    update: (
      id: string,
      values: Partial<T['$inferInsert']>,
      by: AuditBy,
    ): Promise<Row | undefined> =>
      refusedAs('write', () =>
        db.transaction(async (tx) => {
          const [before] = await tx
            .select()
            .from(table as PgTable)
            .where(byId(id))
            .for('update');
          const [row] = await tx
            .update(table as PgTable)
            .set(values)
            .where(byId(id))
            .returning();
          if (row) await audit(tx, by, 'update', id, before as Row, row as Row);
          return row as Row | undefined;
        }),
      ),
    remove: (id: string, by: AuditBy): Promise<boolean> =>
      refusedAs('delete', () =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .delete(table as PgTable)
            .where(byId(id))
            .returning();
          if (row) await audit(tx, by, 'delete', id, row as Row, undefined);
          return row !== undefined;
        }),
      ),
  };
}

/** The audit row of one row a CSV import added (no `before`) or changed. */
const importEntry = (
  by: AuditBy,
  target: Target,
  id: string,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown>,
): AuditEntry => ({
  ...by,
  action: `${target}.import`,
  targetType: target,
  targetId: id,
  before: snapshot(before),
  after: snapshot(after),
});

export function createCatalogueAdminRepo(db: Db) {
  return {
    services: crud(db, services, 'service'),
    packages: crud(db, packages, 'package'),
    countryPricing: crud(db, countryPricing, 'country_pricing'),
    sipDomains: crud(db, sipDomains, 'sip_domain'),
    numbers: crud(db, didNumbers, 'number'),
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

    /**
     * Writes every row or none: updates by id where given, inserts the rest. Each row
     * added or changed gets its `country_pricing.import` audit row (before and after) in
     * the same transaction; a row written with the values it had gets none.
     */
    async upsertCountryPricing(
      rows: { id?: string; values: typeof countryPricing.$inferInsert }[],
      by: AuditBy,
    ): Promise<void> {
      const ids = rows.flatMap((r) => (r.id ? [r.id] : []));
      await refusedAs('write', () =>
        db.transaction(async (tx) => {
          const before = new Map(
            (ids.length
              ? await tx
                  .select()
                  .from(countryPricing)
                  .where(inArray(countryPricing.id, ids))
                  .for('update')
              : []
            ).map((r) => [r.id, r]),
          );
          const entries: AuditEntry[] = [];
          for (const { id, values } of rows) {
            const [after] = id
              ? await tx
                  .update(countryPricing)
                  .set({ ...values, updatedAt: new Date() })
                  .where(eq(countryPricing.id, id))
                  .returning()
              : await tx.insert(countryPricing).values(values).returning();
            const was = id ? before.get(id) : undefined;
            if (after && changed(was, after))
              entries.push(importEntry(by, 'country_pricing', after.id, was, after));
          }
          await writeAudits(tx, entries);
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

    /** All or nothing, each number with its `number.import` audit row. */
    async insertNumbers(rows: (typeof didNumbers.$inferInsert)[], by: AuditBy): Promise<void> {
      if (rows.length === 0) return;
      await refusedAs('write', () =>
        db.transaction(async (tx) => {
          const added = await tx.insert(didNumbers).values(rows).returning();
          await writeAudits(
            tx,
            added.map((row) => importEntry(by, 'number', row.id, undefined, row)),
          );
        }),
      );
    },

    listNumbers() {
      return db.select().from(didNumbers).orderBy(didNumbers.countryCode, didNumbers.number);
    },
  };
}
export type CatalogueAdminRepo = ReturnType<typeof createCatalogueAdminRepo>;
