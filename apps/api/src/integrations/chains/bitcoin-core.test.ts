import { afterEach, describe, expect, it } from 'vitest';
import { type RecordedNode, startRecordedNode } from '../../../test/recorded-node.js';
import { createBitcoinCoreWatcher } from './bitcoin-core.js';

// A scripted node: a mainnet Litecoin node cannot be started here, and what matters is
// what the watcher does with the two answers check() reads.
const LITECOIN_GENESIS = '12a765e31ffd4059bada1e25190f6e98c99d9714d334efa41a195a7e7e04bfe2';
const BITCOIN_GENESIS = '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f';

let node: RecordedNode | null = null;
afterEach(async () => {
  await node?.close();
  node = null;
});

async function mainnetNode(genesis: string) {
  node = await startRecordedNode((req) => {
    const { method, id } = req.body as { method: string; id: number };
    if (method === 'getblockchaininfo') return { json: { id, result: { chain: 'main' } } };
    if (method === 'getblockhash') return { json: { id, result: genesis } };
    return { status: 500, json: { id, error: { code: -32601, message: 'no' } } };
  });
  return node.url;
}

describe('check() on mainnet', () => {
  it("refuses a node whose genesis block is the other coin's", async () => {
    const rpcUrl = await mainnetNode(LITECOIN_GENESIS);
    const watcher = createBitcoinCoreWatcher({ network: 'bitcoin', rpcUrl, chain: 'mainnet' });
    await expect(watcher.check()).rejects.toMatchObject({ code: 'CHAIN_MISMATCH' });
  });

  it('accepts its own genesis block', async () => {
    const rpcUrl = await mainnetNode(BITCOIN_GENESIS);
    const watcher = createBitcoinCoreWatcher({ network: 'bitcoin', rpcUrl, chain: 'mainnet' });
    await expect(watcher.check()).resolves.toBeUndefined();
  });
});
