import type { SpendingLimits } from '@parley/shared';
import { and, count, desc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { readSpending } from '../../db/guardrails.js';
import { applyLedgerEntry, type Tx } from '../../db/ledger.js';
import { calls, users } from '../../db/schema/index.js';
import { CHECK_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors.js';

export type CallRow = typeof calls.$inferSelect;
export type NewCall = Omit<typeof calls.$inferInsert, 'userId'>;

export const OPEN = ['dialing', 'ringing', 'answered'] as const;
const isOpen = inArray(calls.status, [...OPEN]);

/** What the customer's account looks like at the moment a call asks to start. */
export interface AccountState {
  balance: string;
  held: string;
  disabled: boolean;
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
async function readState(
  tx: Db | Tx,
  userId: string,
  periods: { periodStart: Date | null; dayStart: Date },
  lock: boolean,
): Promise<AccountState> {
  const { periodStart } = periods;
  const query = tx
    .select({ balance: users.cryptoBalance, held: users.held, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, userId));
  const [user] = lock ? await query.for('update') : await query;
  if (!user) throw new Error(`readState: no user ${userId}`);
  const [open] = await tx
    .select({ n: count(), included: sql<string>`coalesce(sum(${calls.includedHeld}), 0)` })
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
    openCalls: open?.n ?? 0,
    includedHeld: Number(open?.included ?? 0),
    includedUsed: Number(used?.s ?? 0),
  };
}

/** Calls: authorised with a hold, moved along, settled once with their charge. */
export function createCallsRepo(db: Db) {
  return {
    /** What a quote is computed from (not locked: a quote promises nothing). */
    accountState: (userId: string, periodStart: Date | null, dayStart: Date) =>
      readState(db, userId, { periodStart, dayStart }, false),

    /**
     * Locks the customer's row, so their calls are authorised one at a time, reads
     * what `decide` needs, and (when it allows) writes the call and its hold together.
     * The users CHECK (balance ≥ held) refuses a hold the balance does not cover.
     */
    async authorise<T>(
      userId: string,
      periods: { periodStart: Date | null; dayStart: Date },
      decide: (state: AccountState) => Authorisation<T>,
    ): Promise<
      | { ok: true; call: CallRow }
      | { ok: false; refusal: T }
      | { ok: false; refusal: 'balance' | 'duplicate' }
    > {
      try {
        return await db.transaction(async (tx) => {
          const decision = decide(await readState(tx, userId, periods, true));
          if (!decision.ok) return decision;
          const [row] = await tx
            .insert(calls)
            .values({ ...decision.call, userId })
            .returning();
          if (!row) throw new Error('authorise: insert returned no row');
          await tx
            .update(users)
            .set({ held: sql`${users.held} + ${row.hold}::numeric` })
            .where(eq(users.id, userId));
          return { ok: true as const, call: row };
        });
      } catch (err) {
        if (pgErrorCode(err) === CHECK_VIOLATION) return { ok: false, refusal: 'balance' };
        if (pgErrorCode(err) === UNIQUE_VIOLATION) return { ok: false, refusal: 'duplicate' };
        throw err;
      }
    },

    /** A call from the trunk to one of the customer's numbers: free, nothing held. */
    async insertInbound(userId: string, call: Omit<NewCall, 'hold' | 'direction'>) {
      try {
        const [row] = await db
          .insert(calls)
          .values({ ...call, userId, direction: 'inbound', hold: '0' })
          .returning();
        return row ?? null;
      } catch (err) {
        // The same Call-ID twice at once: the first one's call stands.
        if (pgErrorCode(err) === UNIQUE_VIOLATION) return null;
        throw err;
      }
    },

    async byId(id: string) {
      const [row] = await db.select().from(calls).where(eq(calls.id, id));
      return row ?? null;
    },
    async forUser(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(calls)
        .where(and(eq(calls.id, id), eq(calls.userId, userId)));
      return row ?? null;
    },
    async byEdgeId(edgeCallId: string) {
      const [row] = await db.select().from(calls).where(eq(calls.edgeCallId, edgeCallId));
      return row ?? null;
    },
    async byToken(token: string) {
      const [row] = await db.select().from(calls).where(eq(calls.token, token));
      return row ?? null;
    },

    /** Ties a web call to the edge's Call-ID, once; null when it is taken or not open. */
    async attachEdge(id: string, edgeCallId: string) {
      try {
        const [row] = await db
          .update(calls)
          .set({ edgeCallId })
          .where(and(eq(calls.id, id), sql`${calls.edgeCallId} is null`, isOpen))
          .returning();
        return row ?? null;
      } catch (err) {
        if (pgErrorCode(err) === UNIQUE_VIOLATION) return null;
        throw err;
      }
    },

    /** dialing → ringing; null when the call was past that already. */
    async ringing(id: string, at: Date, deadlineAt: Date) {
      const [row] = await db
        .update(calls)
        .set({
          status: 'ringing',
          ringingAt: at,
          deadlineAt,
          pddMs: sql`greatest(0, round(extract(epoch from (${at.toISOString()}::timestamptz - ${calls.createdAt})) * 1000))::int`,
        })
        .where(and(eq(calls.id, id), eq(calls.status, 'dialing')))
        .returning();
      return row ?? null;
    },

    /** dialing/ringing → answered; the deadline becomes answer + its maximum + `graceMs`. */
    async answered(id: string, at: Date, graceMs: number) {
      const answered = at.toISOString();
      const [row] = await db
        .update(calls)
        .set({
          status: 'answered',
          answeredAt: at,
          deadlineAt: sql`${answered}::timestamptz + make_interval(secs => ${calls.maxSeconds} + ${graceMs / 1000})`,
          // A sandbox call was seen running when it was answered.
          aliveAt: sql`case when ${calls.gateway} = 'sandbox' then ${answered}::timestamptz else null end`,
        })
        .where(and(eq(calls.id, id), inArray(calls.status, ['dialing', 'ringing'])))
        .returning();
      return row ?? null;
    },

    /**
     * Notes, on an open call, why Parley is ending it (null clears it when the edge could
     * not): whichever report settles it then records this cause and side.
     */
    async markEnding(id: string, end: { cause: string; by: string } | null) {
      await db
        .update(calls)
        .set({ hangupCause: end?.cause ?? null, hangupBy: end?.by ?? null })
        .where(and(eq(calls.id, id), isOpen));
    },

    /**
     * Settles a call exactly once: under a lock on the row, an open call takes what
     * `decide` says, its hold is released, then its cost is charged as `call:<id>`
     * (release first: the balance must cover the charge, not the charge and the hold).
     * A call already settled is answered as it is.
     */
    async settle(id: string, decide: (row: CallRow) => Settlement) {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(calls).where(eq(calls.id, id)).for('update');
        if (!row) return null;
        if (!(OPEN as readonly string[]).includes(row.status)) return { call: row, settled: false };
        const s = decide(row);
        const [updated] = await tx
          .update(calls)
          .set({
            status: s.status,
            answeredAt: s.answeredAt,
            endedAt: s.endedAt,
            duration: s.duration,
            billableSeconds: s.billableSeconds,
            includedSeconds: s.includedSeconds,
            cost: s.cost,
            hangupCause: s.hangupCause,
            hangupBy: s.hangupBy,
            jitterMs: s.jitterMs ?? null,
            lossPercent: s.lossPercent ?? null,
            mos: s.mos ?? null,
            uncharged: s.uncharged ?? null,
          })
          .where(eq(calls.id, id))
          .returning();
        await tx
          .update(users)
          .set({ held: sql`${users.held} - ${row.hold}::numeric` })
          .where(eq(users.id, row.userId));
        if (Number(s.cost) > 0)
          await applyLedgerEntry(tx, {
            userId: row.userId,
            amount: `-${s.cost}`,
            currency: 'GBP',
            kind: 'charge',
            reference: `call:${row.id}`,
            rate: row.rate,
            note: `Call to ${row.destination}: ${s.billableSeconds - s.includedSeconds} s at ${row.ratePerMinute}/min`,
          });
        return { call: updated ?? row, settled: true };
      });
    },

    /** Open calls whose deadline has passed: a job settles them. */
    async overdue(now: Date, limit = 100) {
      return db
        .select()
        .from(calls)
        .where(and(isOpen, lte(calls.deadlineAt, now)))
        .orderBy(calls.deadlineAt)
        .limit(limit);
    },

    /** Open sandbox calls of an instance, or of any instance not seen since `before`. */
    async sandboxOpen(filter: { owner: string } | { aliveBefore: Date }) {
      return db
        .select()
        .from(calls)
        .where(
          and(
            isOpen,
            eq(calls.gateway, 'sandbox'),
            'owner' in filter
              ? eq(calls.owner, filter.owner)
              : and(isNotNull(calls.aliveAt), lte(calls.aliveAt, filter.aliveBefore)),
          ),
        );
    },

    /** This instance still runs its sandbox calls: they are not to be settled by others. */
    async heartbeat(owner: string, at: Date) {
      await db
        .update(calls)
        .set({ aliveAt: at })
        .where(and(isOpen, eq(calls.gateway, 'sandbox'), eq(calls.owner, owner)));
    },

    async history(userId: string, page: number, pageSize: number) {
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(calls)
          .where(eq(calls.userId, userId))
          .orderBy(desc(calls.createdAt), desc(calls.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(calls).where(eq(calls.userId, userId)),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    async openCount(userId?: string) {
      const [row] = await db
        .select({ n: count() })
        .from(calls)
        .where(userId ? and(isOpen, eq(calls.userId, userId)) : isOpen);
      return row?.n ?? 0;
    },

    /** Admins: every call (or those in progress), with whose it is. */
    async adminList(page: number, pageSize: number, activeOnly: boolean) {
      const where = activeOnly ? isOpen : undefined;
      const [items, [total]] = await Promise.all([
        db
          .select({ call: calls, email: users.email })
          .from(calls)
          .innerJoin(users, eq(users.id, calls.userId))
          .where(where)
          .orderBy(desc(calls.createdAt), desc(calls.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(calls).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    async emailOf(userId: string) {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email ?? '';
    },
  };
}
export type CallsRepo = ReturnType<typeof createCallsRepo>;
