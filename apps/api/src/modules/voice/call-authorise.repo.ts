import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { calls, users } from '../../db/schema/index.js';
import { CHECK_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors.js';
import {
  type AccountState,
  type Authorisation,
  type CallRow,
  isOpen,
  type NewCall,
  readState,
} from './call-state.repo.js';

/** Writing a call: what it is decided from, and the call with its hold. */
export function createCallAuthoriseRepo(db: Db) {
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
      periods: { periodStart: Date | null; dayStart: Date; trunkId?: string | null },
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

    /**
     * A call from the trunk to one of the customer's numbers: free, nothing held. Rung
     * to a SIP trunk (`trunk`), it is refused ('limit') when the trunk's channels are all
     * in use: counted under the customer's lock, as outbound calls are.
     */
    async insertInbound(
      userId: string,
      call: Omit<NewCall, 'hold' | 'direction' | 'trunkId'>,
      trunk?: { id: string; channels: number },
    ): Promise<CallRow | null | 'limit'> {
      const values = {
        ...call,
        userId,
        direction: 'inbound' as const,
        hold: '0',
        trunkId: trunk?.id,
      };
      try {
        if (!trunk) {
          const [row] = await db.insert(calls).values(values).returning();
          return row ?? null;
        }
        return await db.transaction(async (tx) => {
          await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
          const [open] = await tx
            .select({ n: count() })
            .from(calls)
            .where(and(eq(calls.trunkId, trunk.id), isOpen));
          if ((open?.n ?? 0) >= trunk.channels) return 'limit' as const;
          const [row] = await tx.insert(calls).values(values).returning();
          return row ?? null;
        });
      } catch (err) {
        // The same Call-ID twice at once: the first one's call stands.
        if (pgErrorCode(err) === UNIQUE_VIOLATION) return null;
        throw err;
      }
    },
  };
}
