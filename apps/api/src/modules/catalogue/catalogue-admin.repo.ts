import { eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type AuditBy, writeAudit } from '../../db/audit.js';
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

/** What the audit log keeps of a row: its fields but the id and timestamps. */
function snapshot(row: Record<string, unknown> | undefined) {
  if (!row) return null;
  const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = row;
  return fields;
}

/**
 * Create, replace and delete by id for one catalogue table. A broken unique or foreign
 * key rule comes out as a ConstraintError. With an audit target (services and packages,
 * whose words admins translate), each change and its audit row (`service.update`…, who
 * and from where, before and after) commit together.
 */
function crud<T extends Table>(db: Db, table: T, target?: 'service' | 'package') {
  const byId = (id: string) => eq((table as unknown as { id: typeof services.id }).id, id);
  type Row = T['$inferSelect'];
  const audit = async (
    tx: Tx,
    by: AuditBy | undefined,
    action: 'create' | 'update' | 'delete',
    id: string,
    before: Row | undefined,
    after: Row | undefined,
  ) => {
    if (!target || !by) return;
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
    insert: (values: T['$inferInsert'], by?: AuditBy): Promise<Row> =>
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
      by?: AuditBy,
    ): Promise<Row | undefined> =>
      refusedAs('write', () =>
        db.transaction(async (tx) => {
          const [before] = target
            ? await tx
                .select()
                .from(table as PgTable)
                .where(byId(id))
                .for('update')
            : [];
          const [row] = await tx
            .update(table as PgTable)
            .set(values)
            .where(byId(id))
            .returning();
          if (row) await audit(tx, by, 'update', id, before as Row, row as Row);
          return row as Row | undefined;
        }),
      ),
    remove: (id: string, by?: AuditBy): Promise<boolean> =>
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

export function createCatalogueAdminRepo(db: Db) {
  return {
    services: crud(db, services, 'service'),
    packages: crud(db, packages, 'package'),
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
