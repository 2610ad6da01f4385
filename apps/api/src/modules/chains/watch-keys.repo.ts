import { and, asc, eq } from 'drizzle-orm';
import { type AuditBy, writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { chainWatchKeys, users } from '../../db/schema/index.js';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors.js';
import { copyWithFields } from '../../lib/with-fields.js';

type Row = typeof chainWatchKeys.$inferSelect;

/** An active key with the email of the admin who added it. */
export type ActiveKeyRow = Row & { addedByEmail: string | null };

/** What the audit log keeps of a key: its id, a shortened key (the admin's) and its counter. */
export const shortKey = (key: string) => `${key.slice(0, 8)}…${key.slice(-6)}`;
const snapshot = (r: Row) => ({
  id: r.id,
  family: r.family,
  key: shortKey(r.extendedKey),
  chain: r.chain,
  nextIndex: r.nextIndex,
  isActive: r.isActive,
});

export type SetKeyInput = { family: string; extendedKey: string; chain: string };

export function createWatchKeysRepo(db: Db) {
  return {
    /** The active key of each family that has one. */
    listActive(): Promise<ActiveKeyRow[]> {
      return db
        .select({ row: chainWatchKeys, addedByEmail: users.email })
        .from(chainWatchKeys)
        .leftJoin(users, eq(users.id, chainWatchKeys.addedBy))
        .where(eq(chainWatchKeys.isActive, true))
        .orderBy(asc(chainWatchKeys.family))
        .then((rows) => rows.map((r) => copyWithFields(r.row, { addedByEmail: r.addedByEmail })));
    },

    /**
     * Makes `extendedKey` the family's active key in one transaction: a key set before is
     * reactivated with its counter (never reused), any other active one is deactivated and
     * kept. 'conflict' when another admin changed the family at the same moment.
     */
    async setActive(input: SetKeyInput, by: AuditBy, now: Date): Promise<Row | 'conflict'> {
      const work = db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(chainWatchKeys)
          .where(and(eq(chainWatchKeys.family, input.family), eq(chainWatchKeys.isActive, true)))
          .for('update');
        if (current?.extendedKey === input.extendedKey) return current;
        if (current)
          await tx
            .update(chainWatchKeys)
            .set({ isActive: false, updatedAt: now })
            .where(eq(chainWatchKeys.id, current.id));
        const [known] = await tx
          .select()
          .from(chainWatchKeys)
          .where(
            and(
              eq(chainWatchKeys.family, input.family),
              eq(chainWatchKeys.extendedKey, input.extendedKey),
            ),
          )
          .for('update');
        const [row] = known
          ? await tx
              .update(chainWatchKeys)
              .set({ isActive: true, chain: input.chain, updatedAt: now })
              .where(eq(chainWatchKeys.id, known.id))
              .returning()
          : await tx
              .insert(chainWatchKeys)
              .values({ ...input, addedBy: by.actorId, isActive: true })
              .returning();
        if (!row) throw new Error('watch key write returned no row');
        await writeAudit(tx, {
          ...by,
          action: known ? 'watch_key.reactivate' : 'watch_key.set',
          targetType: 'watch_key',
          targetId: row.id,
          before: current ? snapshot({ ...current, isActive: false }) : null,
          after: snapshot(row),
        });
        return row;
      });
      return work.catch((err) => {
        if (pgErrorCode(err) === UNIQUE_VIOLATION) return 'conflict' as const;
        throw err;
      });
    },

    /** Deactivates the family's key (kept with its counter); null when none was active. */
    deactivate(family: string, by: AuditBy, now: Date): Promise<Row | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(chainWatchKeys)
          .set({ isActive: false, updatedAt: now })
          .where(and(eq(chainWatchKeys.family, family), eq(chainWatchKeys.isActive, true)))
          .returning();
        if (!row) return null;
        await writeAudit(tx, {
          ...by,
          action: 'watch_key.remove',
          targetType: 'watch_key',
          targetId: row.id,
          before: snapshot({ ...row, isActive: true }),
          after: snapshot(row),
        });
        return row;
      });
    },
  };
}
export type WatchKeysRepo = ReturnType<typeof createWatchKeysRepo>;
