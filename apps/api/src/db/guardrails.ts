import type { SpendingLimits } from '@parley/shared';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import type { Tx } from './ledger.js';
import { accountGuardrails, ledgerEntries, users } from './schema/index.js';

/** The ledger kinds that count against the daily cap; deposits and adjustments do not. */
export const CAPPED_KINDS = ['charge', 'refund', 'purchase', 'renewal'];

/** What a charge path checks a customer's spending against. */
export interface SpendingState {
  /** Null when the customer has set no limits. */
  limits: SpendingLimits | null;
  /** The day's net debits (refunds subtracted); '0' without a cap, as nothing needs it. */
  netDebits: string;
  held: string;
  balance: string;
}

/**
 * The customer's limits and, only when they set a daily cap, the day's net debits: one
 * statement by primary key, the sum over ledger_entries (user_id, created_at).
 * `dayStart` is the start of the cap's UTC day.
 */
export async function readSpending(
  tx: Db | Tx,
  userId: string,
  dayStart: Date,
  { everyDebit = false } = {},
): Promise<SpendingState> {
  const debits = tx
    .select({ sum: sql`coalesce(-sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        gte(ledgerEntries.createdAt, dayStart),
        inArray(ledgerEntries.kind, CAPPED_KINDS),
      ),
    );
  const g = accountGuardrails;
  const [row] = await tx
    .select({
      balance: users.cryptoBalance,
      held: users.held,
      userId: g.userId,
      dailySpendCap: g.dailySpendCap,
      smsCountries: g.smsCountries,
      voiceCountries: g.voiceCountries,
      maxSmsPrice: g.maxSmsPrice,
      maxMinutePrice: g.maxMinutePrice,
      netDebits: everyDebit
        ? sql<string>`(${debits})::text`
        : sql<string | null>`case when ${g.dailySpendCap} is not null then (${debits})::text end`,
    })
    .from(users)
    .leftJoin(g, eq(g.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new Error(`readSpending: no user ${userId}`);
  return {
    limits: row.userId
      ? {
          dailySpendCap: row.dailySpendCap,
          smsCountries: row.smsCountries,
          voiceCountries: row.voiceCountries,
          maxSmsPrice: row.maxSmsPrice,
          maxMinutePrice: row.maxMinutePrice,
        }
      : null,
    netDebits: row.netDebits ?? '0',
    held: row.held,
    balance: row.balance,
  };
}

/**
 * Reads the spending state for a charge in `tx`. With a daily cap, the customer's row
 * is locked first (as calls lock it) and the state read again after: two sends, or a
 * send and a call, then take turns and the second sees the first's debit or hold.
 */
export async function readSpendingForCharge(
  tx: Tx,
  userId: string,
  dayStart: Date,
): Promise<SpendingState> {
  const first = await readSpending(tx, userId, dayStart);
  if (first.limits?.dailySpendCap == null) return first;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return readSpending(tx, userId, dayStart);
}
