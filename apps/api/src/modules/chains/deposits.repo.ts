import { and, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/ledger.js';
import { rowsOf, timestamptz } from '../../db/raw.js';
import { chainDeposits, paymentQuotes } from '../../db/schema/index.js';
import type { ChainBlock, ChainOutput } from '../../integrations/chains/port.js';
import { type Cursor, moveCursorFenced, storeBlockHash } from './chain-cursor.repo.js';
import { confirmationsOf } from './deposit-credit.js';

export type DepositRow = typeof chainDeposits.$inferSelect;

/** An open deposit with the terms of the quote it paid. */
export interface OpenDeposit {
  deposit: DepositRow;
  quote: {
    currency: string;
    cryptoAmount: string;
    creditAmount: string;
    creditRate: string;
    expiresAt: Date;
  };
}

/** Thrown inside a block's transaction when the cursor moved under us: it all rolls back. */
class LeaseLost extends Error {}

/** Test hooks: a fault injected between the writes of a block's transaction. */
export interface DepositFaults {
  /** After the block's deposits (`written` of them), before its hash and the cursor. */
  afterOutputs?: (written: number) => void | Promise<void>;
}

/**
 * Writes each output as a deposit of the quote whose address it paid (the newest such
 * quote), or whose Solana Pay reference it carried (`address` is then the reference),
 * once: `reference` is unique. An existing one takes the block it is now in
 * (a re-included or re-scanned transaction). `seen_at` is the earlier of now and the
 * block's time, so a block scanned late still counts as arriving when it was mined.
 * Returns the rows written or moved, not those unchanged, read back in one query.
 */
async function upsertOutputs(
  tx: Tx,
  network: string,
  outputs: ChainOutput[],
  block: { height: number; hash: string; time: Date; tip: number } | null,
  now: Date,
): Promise<DepositRow[]> {
  const ids: string[] = [];
  const seenAt = block && block.time.getTime() < now.getTime() ? block.time : now;
  for (const o of outputs) {
    const reference = `${network}:${o.txid}:${o.output}`;
    // A dropped one found again (in a block or the mempool) is seen again.
    const onConflict = block
      ? sql`do update set block_height = excluded.block_height, block_hash = excluded.block_hash,
          status = case when chain_deposits.status = 'dropped' then 'seen'
            else chain_deposits.status end,
          confirmations = case when chain_deposits.status in ('seen', 'dropped')
            then excluded.confirmations else chain_deposits.confirmations end,
          seen_at = least(chain_deposits.seen_at, excluded.seen_at), updated_at = excluded.updated_at
          where chain_deposits.block_hash is distinct from excluded.block_hash`
      : sql`do update set status = 'seen', updated_at = excluded.updated_at
          where chain_deposits.status = 'dropped'`;
    const rows = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into chain_deposits (reference, network, txid, output, address, currency, amount,
          quote_id, user_id, block_height, block_hash, confirmations, seen_at, updated_at)
        select ${reference}, ${network}, ${o.txid}, ${o.output}, ${o.address}, ${o.currency},
          ${o.amount}::numeric, q.id, q.user_id, ${block?.height ?? null}::bigint,
          ${block?.hash ?? null}, ${block ? confirmationsOf(block.tip, block.height) : 0},
          ${timestamptz(seenAt)}, ${timestamptz(now)}
        from payment_quotes q
        where q.network = ${network}
          and (q.watch_key_id is not null and q.address = ${o.address} or q.reference = ${o.address})
        order by q.created_at desc limit 1
        on conflict (reference) ${onConflict}
        returning id`),
    );
    const id = rows[0]?.id;
    if (id) ids.push(id);
  }
  if (ids.length === 0) return [];
  const rows = await tx.select().from(chainDeposits).where(inArray(chainDeposits.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Deposits outside any block: seen in the mempool, kept alive by it, dropped without it. */
function mempoolDeposits(db: Db) {
  return {
    /**
     * Outputs the node holds outside any block: deposits seen, with no block yet (or
     * seen again, when dropped). Those already known are marked as still there
     * (`updated_at` = now: the time dropVanished counts from). Returns the new and revived.
     */
    recordPending(network: string, outputs: ChainOutput[], now: Date) {
      return db.transaction(async (tx) => {
        const changed = await upsertOutputs(tx, network, outputs, null, now);
        const references = outputs.map((o) => `${network}:${o.txid}:${o.output}`);
        if (references.length > 0)
          await tx
            .update(chainDeposits)
            .set({ updatedAt: now })
            .where(
              and(
                inArray(chainDeposits.reference, references),
                eq(chainDeposits.status, 'seen'),
                isNull(chainDeposits.blockHash),
              ),
            );
        return changed;
      });
    },

    /**
     * Deposits seen with no block that the node has not shown since `before` (gone from
     * its mempool, or their block left the chain and they came back nowhere): dropped.
     * Only those of quotes still watched (`watchedAfter`: expiry beyond it), since the
     * mempool is read for those addresses only.
     */
    dropVanished(
      network: string,
      m: { before: Date; watchedAfter: Date; at: Date },
    ): Promise<DepositRow[]> {
      const watched = db
        .select({ id: paymentQuotes.id })
        .from(paymentQuotes)
        .where(gt(paymentQuotes.expiresAt, m.watchedAfter));
      return db
        .update(chainDeposits)
        .set({ status: 'dropped', confirmations: 0, updatedAt: m.at })
        .where(
          and(
            eq(chainDeposits.network, network),
            eq(chainDeposits.status, 'seen'),
            isNull(chainDeposits.blockHash),
            lt(chainDeposits.updatedAt, m.before),
            inArray(chainDeposits.quoteId, watched),
          ),
        )
        .returning();
    },
  };
}

/** The deposits of each network, from the first sighting to credited or flagged (table chain_deposits). */
export function createDepositsRepo(db: Db, faults: DepositFaults = {}) {
  return {
    ...mempoolDeposits(db),
    /**
     * One scanned block in one transaction: its outputs as deposits, its hash kept, and
     * the cursor moved onto it, fenced by the lease and the height expected. Null when
     * the fence failed (another instance took over): nothing was written.
     */
    async recordBlock(m: {
      network: string;
      owner: string;
      from: number;
      block: ChainBlock;
      /** The node's best height, for the deposits' first count of confirmations. */
      tip: number;
      kept: number;
      now: Date;
      leaseUntil: Date;
    }): Promise<DepositRow[] | null> {
      const { header } = m.block;
      const to: Cursor = { height: header.height, hash: header.hash };
      try {
        return await db.transaction(async (tx) => {
          const changed = await upsertOutputs(
            tx,
            m.network,
            m.block.outputs,
            { ...header, tip: m.tip },
            m.now,
          );
          await faults.afterOutputs?.(changed.length);
          await storeBlockHash(tx, m.network, to, m.kept);
          const moved = await moveCursorFenced(tx, { ...m, to });
          if (!moved) throw new LeaseLost();
          return changed;
        });
      } catch (err) {
        if (err instanceof LeaseLost) return null;
        throw err;
      }
    },

    /** The network's deposits waiting for confirmations, with their quotes' terms. */
    async open(network: string): Promise<OpenDeposit[]> {
      return db
        .select({
          deposit: chainDeposits,
          quote: {
            currency: paymentQuotes.currency,
            cryptoAmount: paymentQuotes.cryptoAmount,
            creditAmount: paymentQuotes.creditAmount,
            creditRate: paymentQuotes.creditRate,
            expiresAt: paymentQuotes.expiresAt,
          },
        })
        .from(chainDeposits)
        .innerJoin(paymentQuotes, eq(paymentQuotes.id, chainDeposits.quoteId))
        .where(and(eq(chainDeposits.network, network), eq(chainDeposits.status, 'seen')))
        .orderBy(chainDeposits.createdAt);
    },

    /** A new confirmation count of an open deposit; null when it is no longer open. */
    async setConfirmations(id: string, confirmations: number): Promise<DepositRow | null> {
      const [row] = await db
        .update(chainDeposits)
        .set({ confirmations, updatedAt: new Date() })
        .where(and(eq(chainDeposits.id, id), eq(chainDeposits.status, 'seen')))
        .returning();
      return row ?? null;
    },

    /**
     * Its block left the chain before it was credited: waiting again, with no block
     * (`at` starts the time dropVanished counts, unless the mempool shows it again).
     */
    async backToWaiting(id: string, blockHash: string, at: Date): Promise<DepositRow | null> {
      const [row] = await db
        .update(chainDeposits)
        .set({ blockHeight: null, blockHash: null, confirmations: 0, updatedAt: at })
        .where(
          and(
            eq(chainDeposits.id, id),
            eq(chainDeposits.status, 'seen'),
            eq(chainDeposits.blockHash, blockHash),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** Credited deposits of the network in blocks from `fromHeight` up, not yet flagged. */
    recentlyCredited(network: string, fromHeight: number): Promise<DepositRow[]> {
      return db
        .select()
        .from(chainDeposits)
        .where(
          and(
            eq(chainDeposits.network, network),
            eq(chainDeposits.status, 'credited'),
            isNull(chainDeposits.flaggedAt),
            gte(chainDeposits.blockHeight, fromHeight),
          ),
        );
    },

    /** Flags a credited deposit whose block was replaced, with the evidence; never debits. */
    async flag(
      id: string,
      evidence: Record<string, unknown>,
      at: Date,
    ): Promise<DepositRow | null> {
      const [row] = await db
        .update(chainDeposits)
        .set({ flaggedAt: at, flagEvidence: evidence, updatedAt: at })
        .where(and(eq(chainDeposits.id, id), isNull(chainDeposits.flaggedAt)))
        .returning();
      return row ?? null;
    },
  };
}
export type DepositsRepo = ReturnType<typeof createDepositsRepo>;
