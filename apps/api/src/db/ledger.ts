import type { LedgerKind } from '@parley/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { ledgerEntries, users } from './schema/index.js';

/** A database transaction, as drizzle hands it to `db.transaction`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type { LedgerKind };

export interface LedgerEntryInput {
  userId: string;
  /** Signed, in the billing currency: credits positive, debits negative. */
  amount: string;
  currency: string;
  kind: LedgerKind;
  /** What the money is for ("transaction:<id>", "sms:<id>"); unique per kind. */
  reference: string;
  rate?: string | null;
  note?: string;
  /** Refuse unless the balance is at least this before the change (SMS needs 0.05). */
  minBalanceBefore?: string;
}

/** The balance was below `minBalanceBefore`; the caller's transaction should roll back. */
export class BalanceTooLowError extends Error {
  constructor() {
    super('The balance is below the minimum for this.');
    this.name = 'BalanceTooLowError';
  }
}

/**
 * Moves a balance and records why, inside the caller's transaction. The balance's
 * CHECK constraint refuses to go below zero (a 23514 the caller turns into "insufficient
 * balance"), and (kind, reference) is unique, so a retry can never apply twice.
 */
export async function applyLedgerEntry(tx: Tx, entry: LedgerEntryInput) {
  const [user] = await tx
    .update(users)
    .set({ cryptoBalance: sql`${users.cryptoBalance} + ${entry.amount}::numeric` })
    .where(
      entry.minBalanceBefore === undefined
        ? eq(users.id, entry.userId)
        : and(
            eq(users.id, entry.userId),
            sql`${users.cryptoBalance} >= ${entry.minBalanceBefore}::numeric`,
          ),
    )
    .returning({ balance: users.cryptoBalance });
  if (!user && entry.minBalanceBefore !== undefined) throw new BalanceTooLowError();
  if (!user) throw new Error(`applyLedgerEntry: no user ${entry.userId}`);
  const [row] = await tx
    .insert(ledgerEntries)
    .values({
      userId: entry.userId,
      amount: entry.amount,
      currency: entry.currency,
      kind: entry.kind,
      reference: entry.reference,
      balanceAfter: user.balance,
      rate: entry.rate ?? null,
      note: entry.note ?? '',
    })
    .returning();
  if (!row) throw new Error('applyLedgerEntry: insert returned no row');
  return row;
}
