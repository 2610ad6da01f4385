import { OPEN_CALL_STATUSES, type SpendingLimits } from '@parley/shared';
import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { readSpending } from '../../db/guardrails.js';
import type { Tx } from '../../db/ledger.js';
import { calls, users } from '../../db/schema/index.js';

export type CallRow = typeof calls.$inferSelect;
export type NewCall = Omit<typeof calls.$inferInsert, 'userId'>;

export const OPEN = OPEN_CALL_STATUSES;
export const isOpen = inArray(calls.status, [...OPEN]);

/** What the customer's account looks like at the moment a call asks to start. */
export interface AccountState {
  balance: string;
  held: string;
  disabled: boolean;
  /** Open calls that count against the limit asked about: the trunk's own, or (without
   * a trunk) the customer's other calls, which the plan's limit covers. */
  openCalls: number;
  /** Included seconds other calls in progress have reserved. */
  includedHeld: number;
  /** Included seconds finished calls used since the period started. */
  includedUsed: number;
  /** The customer's spending limits (null: none set). */
  limits?: SpendingLimits | null;
  /** Today's (UTC) net debits, read when there is a daily cap. */
  netDebits?: string;
}

export type Authorisation<T> = { ok: false; refusal: T } | { ok: true; call: NewCall };

/** How a call ends: what settling writes (the cost is charged as `call:<id>`). */
export interface Settlement {
  status: 'ended' | 'busy' | 'no_answer' | 'failed' | 'cancelled';
  answeredAt: Date | null;
  endedAt: Date;
  duration: number;
  billableSeconds: number;
  includedSeconds: number;
  cost: string;
  hangupCause: string;
  hangupBy: string;
  jitterMs?: string | null;
  lossPercent?: string | null;
  mos?: string | null;
  /** What talk time reported late cost beyond what the balance still covered. */
  uncharged?: string | null;
}

/** The balance, holds and included seconds of a customer (locked for an authorisation). */
export async function readState(
  tx: Db | Tx,
  userId: string,
  periods: { periodStart: Date | null; dayStart: Date; trunkId?: string | null },
  lock: boolean,
): Promise<AccountState> {
  const { periodStart } = periods;
  const query = tx
    .select({ balance: users.cryptoBalance, held: users.held, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, userId));
  const [user] = lock ? await query.for('update') : await query;
  if (!user) throw new Error(`readState: no user ${userId}`);
  const counted = periods.trunkId ? eq(calls.trunkId, periods.trunkId) : isNull(calls.trunkId);
  const [open] = await tx
    .select({
      n: sql<number>`(count(*) filter (where ${counted}))::int`,
      included: sql<string>`coalesce(sum(${calls.includedHeld}), 0)`,
    })
    .from(calls)
    .where(and(eq(calls.userId, userId), isOpen));
  const [used] = periodStart
    ? await tx
        .select({ s: sql<string>`coalesce(sum(${calls.includedSeconds}), 0)` })
        .from(calls)
        .where(and(eq(calls.userId, userId), gte(calls.endedAt, periodStart)))
    : [{ s: '0' }];
  // After the lock: a send or call that committed meanwhile is counted.
  const spending = await readSpending(tx, userId, periods.dayStart);
  return {
    limits: spending.limits,
    netDebits: spending.netDebits,
    balance: user.balance,
    held: user.held,
    disabled: user.disabledAt !== null,
    openCalls: Number(open?.n ?? 0),
    includedHeld: Number(open?.included ?? 0),
    includedUsed: Number(used?.s ?? 0),
  };
}
