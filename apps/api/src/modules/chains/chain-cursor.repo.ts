import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/ledger.js';
import { rowsOf, timestamptz } from '../../db/raw.js';
import { NOT_STARTED } from './deposit-credit.js';

/** Where a network's scan stands, as its lease holder sees it. */
export interface Cursor {
  height: number;
  hash: string;
}

/** What a pass records of the node on the cursor row (admins read it). */
export interface NodeStatus {
  nodeHeight?: number;
  /** A failure's code, or null when the pass worked. */
  error: string | null;
  at: Date;
}

type Reader = Pick<Db, 'execute'>;

/** Moves the cursor only while this instance holds the lease and the cursor is where it expects. */
export async function moveCursorFenced(
  tx: Reader,
  m: { network: string; owner: string; from: number; to: Cursor; leaseUntil: Date },
): Promise<boolean> {
  const rows = rowsOf(
    await tx.execute(sql`
      update chain_cursors set height = ${m.to.height}, block_hash = ${m.to.hash},
        lease_until = ${timestamptz(m.leaseUntil)}, updated_at = now()
      where network = ${m.network} and lease_owner = ${m.owner} and height = ${m.from}
      returning network`),
  );
  return rows.length === 1;
}

/** Keeps a scanned block's hash, and forgets those older than the kept window. */
export async function storeBlockHash(tx: Tx, network: string, block: Cursor, kept: number) {
  await tx.execute(sql`
    insert into chain_blocks (network, height, hash) values (${network}, ${block.height}, ${block.hash})
    on conflict (network, height) do update set hash = excluded.hash`);
  await tx.execute(
    sql`delete from chain_blocks where network = ${network} and height <= ${block.height - kept}`,
  );
}

/** The lease, the cursor and the recent block hashes of each network (table chain_cursors, chain_blocks). */
export function createChainCursorRepo(db: Db) {
  return {
    /**
     * Takes or renews the network's lease: free, lapsed or already ours. Creates the row
     * (height NOT_STARTED) the first time. Null when another instance holds it.
     */
    async takeLease(
      network: string,
      owner: string,
      now: Date,
      until: Date,
    ): Promise<Cursor | null> {
      const rows = rowsOf<{ height: string | number; hash: string }>(
        await db.execute(sql`
          insert into chain_cursors (network, height, block_hash, lease_owner, lease_until)
          values (${network}, ${NOT_STARTED}, '', ${owner}, ${timestamptz(until)})
          on conflict (network) do update
            set lease_owner = excluded.lease_owner, lease_until = excluded.lease_until
            where chain_cursors.lease_owner is null or chain_cursors.lease_owner = ${owner}
              or chain_cursors.lease_until is null
              or chain_cursors.lease_until < ${timestamptz(now)}
          returning height, block_hash as hash`),
      );
      const row = rows[0];
      return row ? { height: Number(row.height), hash: row.hash } : null;
    },

    /** Lets the lease go (a stopping instance), so another one need not wait for it to lapse. */
    async releaseLease(network: string, owner: string) {
      await db.execute(sql`
        update chain_cursors set lease_owner = null, lease_until = null
        where network = ${network} and lease_owner = ${owner}`);
    },

    /** The hash kept for a scanned height, or null when it is outside the kept window. */
    async hashAt(network: string, height: number): Promise<string | null> {
      const rows = rowsOf<{ hash: string }>(
        await db.execute(
          sql`select hash from chain_blocks where network = ${network} and height = ${height}`,
        ),
      );
      return rows[0]?.hash ?? null;
    },

    /** Sets the cursor (first run, or back to where the chains agree after a reorganisation), fenced. */
    async setCursor(m: {
      network: string;
      owner: string;
      from: number;
      to: Cursor;
      leaseUntil: Date;
    }) {
      return db.transaction(async (tx) => {
        const moved = await moveCursorFenced(tx, m);
        if (!moved) return false;
        await tx.execute(
          sql`delete from chain_blocks where network = ${m.network} and height > ${m.to.height}`,
        );
        await tx.execute(sql`
          insert into chain_blocks (network, height, hash) values (${m.network}, ${m.to.height}, ${m.to.hash})
          on conflict (network, height) do update set hash = excluded.hash`);
        return true;
      });
    },

    /** Records what the node said (height, failure) on the lease holder's cursor row. */
    async recordStatus(network: string, owner: string, status: NodeStatus) {
      const at = timestamptz(status.at);
      const height = status.nodeHeight === undefined ? sql`node_height` : sql`${status.nodeHeight}`;
      const error =
        status.error === null
          ? sql`last_error = null`
          : sql`last_error = ${status.error}, last_error_at = ${at}`;
      await db.execute(sql`
        update chain_cursors set node_height = ${height}, checked_at = ${at}, ${error}
        where network = ${network} and lease_owner = ${owner}`);
    },
  };
}
export type ChainCursorRepo = ReturnType<typeof createChainCursorRepo>;
