import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { applyLedgerEntry } from '../../db/ledger.js';
import { ledgerEntries, users } from '../../db/schema/index.js';
import { CHECK_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors.js';

export type LedgerRow = typeof ledgerEntries.$inferSelect;

export interface AdjustmentWrite {
  userId: string;
  /** Signed, in the billing currency: a debit is negative. */
  amount: string;
  currency: string;
  reference: string;
  note: string;
  by: { actorId: string; ip: string | null };
  /** What the audit log keeps besides the entry (direction, request id). */
  audit: Record<string, unknown>;
}

/**
 * Why an adjustment was refused: the balance's CHECK (a debit below zero, or below what
 * calls in progress hold), the reference is taken (the same request id), no such user.
 */
export type AdjustResult =
  | { ok: true; entry: LedgerRow }
  | { ok: false; reason: 'balance-too-low' | 'duplicate' | 'no-user' };

/** The ledger as it is read (pages, statements) and an admin's adjustments written. */
export function createLedgerRepo(db: Db) {
  return {
    async userExists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
      return row !== undefined;
    },

    async page(userId: string, kind: string | undefined, page: number, pageSize: number) {
      const where = and(
        eq(ledgerEntries.userId, userId),
        kind ? eq(ledgerEntries.kind, kind) : undefined,
      );
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(ledgerEntries)
          .where(where)
          .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(ledgerEntries).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    /** The entry of an earlier adjustment with this reference, whoever it was for. */
    async findAdjustment(reference: string): Promise<LedgerRow | undefined> {
      const [row] = await db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.kind, 'adjustment'), eq(ledgerEntries.reference, reference)));
      return row;
    },

    /** Moves the balance through the ledger and writes the audit row: both, or neither. */
    async adjust(input: AdjustmentWrite): Promise<AdjustResult> {
      try {
        const entry = await db.transaction(async (tx) => {
          const [user] = await tx
            .select({ id: users.id })
            .from(users)
            .where(eq(users.id, input.userId))
            .for('update');
          if (!user) return null;
          const row = await applyLedgerEntry(tx, {
            userId: input.userId,
            amount: input.amount,
            currency: input.currency,
            kind: 'adjustment',
            reference: input.reference,
            note: input.note,
          });
          await writeAudit(tx, {
            actorId: input.by.actorId,
            ip: input.by.ip,
            action: 'balance.adjust',
            targetType: 'user',
            targetId: input.userId,
            after: {
              ...input.audit,
              amount: row.amount,
              note: row.note,
              balanceAfter: row.balanceAfter,
              entryId: row.id,
            },
          });
          // The whole row, for the answer (the ledger write returns only what it needs).
          const [full] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.id, row.id));
          return full ?? null;
        });
        return entry ? { ok: true, entry } : { ok: false, reason: 'no-user' };
      } catch (err) {
        const code = pgErrorCode(err);
        if (code === CHECK_VIOLATION) return { ok: false, reason: 'balance-too-low' };
        if (code === UNIQUE_VIOLATION) return { ok: false, reason: 'duplicate' };
        throw err;
      }
    },

    /**
     * A statement's numbers: the balance before `from` (the sum of every earlier entry,
     * which does not depend on the order entries committed in) and the entries from
     * `from` until `until` (exclusive), oldest first, at most `max` (`more` says if cut).
     */
    async statement(userId: string, from: Date, until: Date, max: number) {
      const [[opening], entries] = await Promise.all([
        db
          .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.userId, userId), lt(ledgerEntries.createdAt, from))),
        db
          .select()
          .from(ledgerEntries)
          .where(
            and(
              eq(ledgerEntries.userId, userId),
              gte(ledgerEntries.createdAt, from),
              lt(ledgerEntries.createdAt, until),
            ),
          )
          .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id))
          .limit(max + 1),
      ]);
      return {
        opening: opening?.sum ?? '0',
        entries: entries.slice(0, max),
        more: entries.length > max,
      };
    },
  };
}
export type LedgerRepo = ReturnType<typeof createLedgerRepo>;
