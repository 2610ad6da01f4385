import { afterEach, describe, expect, it } from 'vitest';
import {
  type Answer,
  deadUrl,
  fixture,
  type RecordedNode,
  type RecordedRequest,
  rpcError,
  rpcReply,
  startRecordedNode,
} from '../../../test/recorded-node.js';
import { ChainNodeError } from './port.js';
import { createSolanaWatcher, SOLANA_MAINNET_GENESIS } from './solana-watcher.js';

// No Solana validator runs here: these tests replay answers recorded from Solana's
// JSON-RPC documentation (the fixture lists the pages, and what was edited) from a server
// on 127.0.0.1, so the adapter's requests and parsing meet the documented wire format.

interface Recorded {
  mainnetGenesis: string;
  answers: {
    getSlot: number;
    getGenesisHash: string;
    getBlock: Record<string, Record<string, unknown>>;
    skipped: Record<string, { code: number; message: string }>;
  };
}
const recorded = () => fixture('solana-slots-429-432.json') as Recorded;

const WALLET = 'mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN';
const REFERENCE = '82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny';
const REFERENCE_V0 = '9sCENxPWsBNuAZ7jiDjG4Cu4UAvxrWTJ3njzgVjfPHqr';
const DOCS_GENESIS = 'GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69Xm1ZE3MEE6JC';
const isWatched = (k: string) => k === REFERENCE || k === REFERENCE_V0;

type Params = [number, { transactionDetails?: string }?];

/** Replays the fixture per method; getBlock per slot, without transactions for 'none'. */
function replay(data: Recorded) {
  return (req: RecordedRequest): Answer => {
    const { method, params } = req.body as { method: string; params: Params };
    if (method === 'getSlot') return rpcReply(req, data.answers.getSlot);
    if (method === 'getGenesisHash') return rpcReply(req, data.answers.getGenesisHash);
    if (method !== 'getBlock') return rpcError(req, -32601, 'Method not found');
    const slot = String(params[0]);
    const skipped = data.answers.skipped[slot];
    if (skipped) return rpcError(req, skipped.code, skipped.message);
    const block = data.answers.getBlock[slot];
    if (!block) return rpcReply(req, null);
    if (params[1]?.transactionDetails !== 'none') return rpcReply(req, block);
    const { transactions: _, ...header } = block;
    return rpcReply(req, header);
  };
}

let node: RecordedNode | null = null;
afterEach(async () => {
  await node?.close();
  node = null;
});

async function watcherOn(data: Recorded, extra: { genesisHash?: string } = {}) {
  node = await startRecordedNode(replay(data));
  return createSolanaWatcher({ rpcUrl: node.url, address: WALLET, timeoutMs: 2000, ...extra });
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return err instanceof ChainNodeError ? err.code : `not a ChainNodeError: ${String(err)}`;
}

const bodies = () =>
  (node?.requests ?? []).map((r) => r.body as { method: string; params: unknown[] });

describe('Solana watcher against recorded answers', () => {
  it('reads the finalized slot as the tip', async () => {
    const w = await watcherOn(recorded());
    expect(await w.tipHeight()).toBe(432);
    expect(bodies()[0]).toMatchObject({ method: 'getSlot', params: [{ commitment: 'finalized' }] });
  });

  it('credits the payment carrying a watched reference, to that reference', async () => {
    const w = await watcherOn(recorded());
    const block = await w.block(430, isWatched);
    expect(block.header).toEqual({
      height: 430,
      hash: '3Eq21vXNB5s86c62bVuUfTeaMif1N2kUqRPBmGRJhyTA',
      parentHash: 'mfcyqEXB3DnHXki6KjjmZck6YjmZLvpAByy2fj4nh6B',
      time: new Date(1743436800 * 1000),
    });
    // Not found: the vote, the failed transfer (meta.err), the transfer with an unwatched
    // reference, the one with no reference, and the wallet paying out.
    expect(block.outputs).toEqual([
      {
        txid: '4xggJV5QkMuWzkSQWzN7PgHXLLdZZPrreuvheJ8R74vSp4Ch3UaQqPSphzE6y8ujFSrTjps3rty3xut5rw9vWmQX',
        output: 'tx',
        address: REFERENCE,
        currency: 'SOL',
        amount: '1.500000000',
      },
    ]);
    expect(bodies()[0]).toEqual(
      expect.objectContaining({
        method: 'getBlock',
        params: [
          430,
          {
            commitment: 'finalized',
            encoding: 'json',
            transactionDetails: 'full',
            rewards: false,
            maxSupportedTransactionVersion: 0,
          },
        ],
      }),
    );
  });

  it('finds the wallet among a version 0 transaction’s loaded addresses', async () => {
    const w = await watcherOn(recorded());
    const block = await w.block(432, isWatched);
    expect(block.outputs.map((o) => [o.address, o.amount])).toEqual([
      [REFERENCE_V0, '0.250000000'],
    ]);
  });

  it('makes a skipped slot an empty block, each slot chained to the one before', async () => {
    const w = await watcherOn(recorded());
    const skipped = await w.block(431, isWatched);
    expect(skipped).toEqual({
      header: {
        height: 431,
        hash: 'skipped:431',
        parentHash: '3Eq21vXNB5s86c62bVuUfTeaMif1N2kUqRPBmGRJhyTA',
        time: new Date(1743436800 * 1000),
      },
      outputs: [],
    });
    expect(await w.blockHash(431)).toBe('skipped:431');
    // The scanner compares a block's parent with the hash kept for the height below.
    for (const slot of [430, 431, 432])
      expect((await w.block(slot, isWatched)).header.parentHash).toBe(await w.blockHash(slot - 1));
    expect((await w.block(432, isWatched)).header.parentHash).toBe('skipped:431');
    expect(await w.blockHash(433)).toBeNull();
  });

  it('checks the genesis hash: mainnet-beta by default, CHAIN_MISMATCH otherwise', async () => {
    expect(recorded().mainnetGenesis).toBe(SOLANA_MAINNET_GENESIS);
    // The docs' example answer is not mainnet-beta's hash.
    expect(await codeOf((await watcherOn(recorded())).check())).toBe('CHAIN_MISMATCH');
    await node?.close();
    const configured = await watcherOn(recorded(), { genesisHash: DOCS_GENESIS });
    await expect(configured.check()).resolves.toBeUndefined();
  });

  it('refuses a balance above 2^53 lamports and malformed blocks (CHAIN_BAD_ANSWER)', async () => {
    const data = recorded();
    const paid = data.answers.getBlock['430'] as {
      transactions: { meta: { postBalances: number[] } }[];
    };
    const tx = paid.transactions[1];
    if (!tx) throw new Error('The fixture lost its paid transaction.');
    tx.meta.postBalances[1] = 2 ** 53 + 2;
    let w = await watcherOn(data);
    expect(await codeOf(w.block(430, isWatched))).toBe('CHAIN_BAD_ANSWER');
    await node?.close();
    const broken = recorded();
    broken.answers.getBlock['430'] = { blockhash: 42 };
    w = await watcherOn(broken);
    expect(await codeOf(w.block(430, isWatched))).toBe('CHAIN_BAD_ANSWER');
    await node?.close();
    node = await startRecordedNode((req) => rpcError(req, -32602, 'Invalid params'));
    w = createSolanaWatcher({ rpcUrl: node.url, address: WALLET });
    expect(await codeOf(w.block(430, isWatched))).toBe('CHAIN_BAD_ANSWER');
  });

  it('is CHAIN_UNREACHABLE on HTTP 500, on a block not available yet, and when nothing listens', async () => {
    node = await startRecordedNode(() => ({ status: 500, text: 'Internal Server Error' }));
    let w = createSolanaWatcher({ rpcUrl: node.url, address: WALLET });
    expect(await codeOf(w.tipHeight())).toBe('CHAIN_UNREACHABLE');
    await node.close();
    node = await startRecordedNode((req) =>
      rpcError(req, -32004, 'Block not available for slot 430'),
    );
    w = createSolanaWatcher({ rpcUrl: node.url, address: WALLET });
    expect(await codeOf(w.block(430, isWatched))).toBe('CHAIN_UNREACHABLE');
    w = createSolanaWatcher({ rpcUrl: await deadUrl(), address: WALLET, timeoutMs: 2000 });
    expect(await codeOf(w.check())).toBe('CHAIN_UNREACHABLE');
  });

  it('has no pending view', async () => {
    const w = await watcherOn(recorded());
    expect(await w.pending(isWatched)).toEqual([]);
  });
});
