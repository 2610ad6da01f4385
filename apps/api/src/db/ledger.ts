import type { LedgerKind } from '@parley/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { rowsOf } from './raw.js';
import { ledgerEntries } from './schema/index.js';

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

/** What a ledger entry leaves behind that its callers read. */
export interface AppliedEntry {
  id: string;
  amount: string;
  balanceAfter: string;
  note: string;
}

/**
 * Moves a balance and records why, inside the caller's transaction. The balance's
 * CHECK constraint refuses to go below zero (a 23514 the caller turns into "insufficient
 * balance"), and (kind, reference) is unique, so a retry can never apply twice.
 * One statement (the update feeds the insert): a charge costs one round trip, not two.
 */
export async function applyLedgerEntry(tx: Tx, entry: LedgerEntryInput): Promise<AppliedEntry> {
  const result = await tx.execute(sql`
    with ${ledgerMove(entry)}
    select id, amount, "balanceAfter", note from entry`);
  const [row] = rowsOf<AppliedEntry>(result);
  if (!row && entry.minBalanceBefore !== undefined) throw new BalanceTooLowError();
  if (!row) throw new Error(`applyLedgerEntry: no user ${entry.userId}`);
  return row;
}

/**
 * The balance move and its ledger row as two common table expressions, `moved` (the
 * new balance) and `entry` (the row written), for a statement that writes more from the
 * same move (an SMS and its charge at once). `andWhere` narrows whose balance moves.
 */
export function ledgerMove(entry: LedgerEntryInput, andWhere: SQL = sql``): SQL {
  const enough =
    entry.minBalanceBefore === undefined
      ? sql``
      : sql` and crypto_balance >= ${entry.minBalanceBefore}::numeric`;
  return sql`moved as (
      update users set crypto_balance = crypto_balance + ${entry.amount}::numeric
      where id = ${entry.userId}${enough}${andWhere}
      returning crypto_balance
    ), entry as (
      insert into ${ledgerEntries} (user_id, amount, currency, kind, reference, balance_after, rate, note)
      select ${entry.userId}, ${entry.amount}::numeric, ${entry.currency}, ${entry.kind},
        ${entry.reference}, moved.crypto_balance, ${entry.rate ?? null}::numeric, ${entry.note ?? ''}
      from moved
      returning id, amount::text as amount, balance_after::text as "balanceAfter", note
    )`;
}
