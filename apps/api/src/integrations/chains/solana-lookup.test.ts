import { afterEach, describe, expect, it } from 'vitest';
import { type RecordedNode, rpcReply, startRecordedNode } from '../../../test/recorded-node.js';
import { recordedSolana, replaySolana } from '../../../test/recorded-solana.js';
import { ChainNodeError } from './port.js';
import { createSolanaWatcher } from './solana-watcher.js';

// No Solana validator runs here: the answers are recorded from Solana's JSON-RPC
// documentation (test/recorded-solana.ts names the fixtures, which list the pages).

const WALLET = 'mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN';
const PAYER = '3UVYmECPPMZSCqWKfENfuoTv51fTDTWicX9xmBD2euKe';
const REFERENCE = '82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny';
const REFERENCE_V0 = '9sCENxPWsBNuAZ7jiDjG4Cu4UAvxrWTJ3njzgVjfPHqr';
const OTHER_WALLETS = 'AjozzgE83A3x1sHNUR64hfH7zaEBWeMaFuAN9kQgujrc';
const PAID =
  '4xggJV5QkMuWzkSQWzN7PgHXLLdZZPrreuvheJ8R74vSp4Ch3UaQqPSphzE6y8ujFSrTjps3rty3xut5rw9vWmQX';

/** Each reference with the wallet its quote showed. */
const references = new Map([
  [REFERENCE, WALLET],
  [REFERENCE_V0, WALLET],
  // It rode on a transfer to WALLET, but its own quote's wallet is PAYER.
  [OTHER_WALLETS, PAYER],
]);

let node: RecordedNode | null = null;
afterEach(async () => {
  await node?.close();
  node = null;
});

const bodies = () =>
  (node?.requests ?? []).map((r) => r.body as { method: string; params: unknown[] });

async function watcherOn(answer = replaySolana(recordedSolana())) {
  node = await startRecordedNode(answer);
  const w = createSolanaWatcher({ rpcUrl: node.url, timeoutMs: 2000 });
  if (!w.findByReference) throw new Error('The Solana watcher finds payments by reference.');
  return w.findByReference;
}

describe('Solana payments found by reference, against recorded answers', () => {
  it('finds each quote’s payment to its wallet, in slot order, with the slot’s block header', async () => {
    const find = await watcherOn();
    const blocks = await find(429, 432, references);
    expect(blocks).toEqual([
      {
        header: {
          height: 430,
          hash: '3Eq21vXNB5s86c62bVuUfTeaMif1N2kUqRPBmGRJhyTA',
          parentHash: 'mfcyqEXB3DnHXki6KjjmZck6YjmZLvpAByy2fj4nh6B',
          time: new Date(1743436800 * 1000),
        },
        outputs: [
          { txid: PAID, output: 'tx', address: REFERENCE, currency: 'SOL', amount: '1.500000000' },
        ],
      },
      {
        header: expect.objectContaining({ height: 432, parentHash: 'skipped:431' }),
        outputs: [expect.objectContaining({ address: REFERENCE_V0, amount: '0.250000000' })],
      },
    ]);
    const calls = bodies();
    expect(calls[0]).toMatchObject({
      method: 'getSignaturesForAddress',
      params: [REFERENCE, { commitment: 'finalized', limit: 1000 }],
    });
    // Read: the payment, the payout from the wallet, the transfer to another quote's
    // wallet; never the failed one (err in the list) nor the one below the window.
    const read = calls.filter((c) => c.method === 'getTransaction');
    expect(read).toHaveLength(4);
    expect(read[0]?.params[1]).toEqual({
      commitment: 'finalized',
      encoding: 'json',
      maxSupportedTransactionVersion: 0,
    });
    const asked = read.map((c) => String(c.params[0]).slice(0, 6));
    expect(asked).not.toContain('zYFKiX');
    expect(asked).not.toContain('2nBhEB');
  });

  it('looks only in the window (from, to]', async () => {
    const find = await watcherOn();
    expect(await find(430, 431, references)).toEqual([]);
    expect((await find(430, 432, references)).map((b) => b.header.height)).toEqual([432]);
    expect(await find(429, 432, new Map())).toEqual([]);
  });

  it('pages through a busy reference, at most three pages a pass', async () => {
    let pages = 0;
    const find = await watcherOn((req) => {
      pages++;
      // A full page of failed transactions, each page older than the last.
      const list = Array.from({ length: 1000 }, (_, i) => ({
        signature: `${'5'.repeat(80)}${String(pages * 1000 + i)
          .padStart(8, '1')
          .replace(/0/g, 'z')}`,
        slot: 500,
        err: { InstructionError: [0, 'Custom'] },
      }));
      return rpcReply(req, list);
    });
    expect(await find(429, 600, new Map([[REFERENCE, WALLET]]))).toEqual([]);
    const asked = bodies().map((c) => c.params[1] as { before?: string });
    expect(asked).toHaveLength(3);
    expect(asked[0]?.before).toBeUndefined();
    expect(asked[1]?.before).toMatch(/^5{80}/);
  });

  it('is CHAIN_UNREACHABLE when a listed transaction is not there yet', async () => {
    const data = recordedSolana();
    data.transactions = {};
    const find = await watcherOn(replaySolana(data));
    const err = await find(429, 432, references).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChainNodeError);
    expect((err as ChainNodeError).code).toBe('CHAIN_UNREACHABLE');
  });
});
