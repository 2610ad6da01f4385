import { deriveAddress, parseWatchKey } from '@parley/shared/watch-keys';
import { HDKey } from '@scure/bip32';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Anvil, anvilAvailable, startAnvil } from '../../../test/anvil.js';
import { freePort } from '../../../test/ports.js';
import type { ChainToken } from '../../config/chains-config.js';
import { createEvmWatcher } from './evm-rpc.js';
import type { ChainNodeError, ChainWatcher } from './port.js';

// CI installs anvil with npm ci and sets PARLEY_REQUIRE_CHAIN_NODES: there this never skips.
if (!anvilAvailable && process.env.PARLEY_REQUIRE_CHAIN_NODES === '1')
  throw new Error('anvil (@foundry-rs/anvil) is required here');

const CHAIN_ID = 31337;
// A fixed seed, test only: Parley itself never sees one, only the account's xpub.
const SEED = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
const XPUB = HDKey.fromMasterSeed(SEED).derive("m/44'/60'/0'").publicExtendedKey;

function derived(count: number): string[] {
  const parsed = parseWatchKey('ethereum', XPUB, 'mainnet');
  if (!parsed.ok) throw new Error(parsed.code);
  return Array.from({ length: count }, (_, i) => {
    const r = deriveAddress(parsed.key, i);
    if (!r.ok) throw new Error(r.code);
    return r.address;
  });
}

async function failure(promise: Promise<unknown>): Promise<ChainNodeError> {
  try {
    await promise;
  } catch (e) {
    return e as ChainNodeError;
  }
  throw new Error('the call succeeded');
}

describe.skipIf(!anvilAvailable)('EVM watcher against anvil', () => {
  const [A0, A1, A2, A3] = derived(4) as [string, string, string, string];
  const watched = new Set([A0, A1, A2, A3]);
  const isWatched = (a: string) => watched.has(a);
  // Not derived from the key: anvil's tenth dev account, which nobody watches.
  let stranger: string;
  let anvil: Anvil;
  let tokens: ChainToken[];
  let watcher: ChainWatcher;
  let snap: string;

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: CHAIN_ID });
    stranger = anvil.accounts[9] as string;
    tokens = [
      { currency: 'USDT', contract: await anvil.deployToken('USDT', 6), decimals: 6 },
      { currency: 'USDC', contract: await anvil.deployToken('USDC', 6), decimals: 6 },
    ];
    watcher = createEvmWatcher({
      network: 'ethereum',
      rpcUrl: anvil.rpcUrl,
      chainId: CHAIN_ID,
      tokens,
    });
  });
  afterAll(async () => {
    await anvil?.stop();
  });
  beforeEach(async () => {
    snap = await anvil.snapshot();
  });
  afterEach(async () => {
    await anvil.revert(snap);
  });

  /** Mines what was sent into one block and reads it. */
  async function mined() {
    await anvil.mine();
    const height = await watcher.tipHeight();
    return { height, block: await watcher.block(height, isWatched) };
  }

  it('accepts the configured chain and refuses another, naming both ids', async () => {
    await expect(watcher.check()).resolves.toBeUndefined();
    const mainnet = createEvmWatcher({
      network: 'ethereum',
      rpcUrl: anvil.rpcUrl,
      chainId: 1,
      tokens,
    });
    const e = await failure(mainnet.check());
    expect(e.code).toBe('CHAIN_MISMATCH');
    expect(e.message).toContain('31337');
    expect(e.message).toContain(' 1 ');
  });

  it('reports native ETH to derived addresses with exact 18-decimal amounts', async () => {
    const big = await anvil.sendEth(A0, '1.234567890123456789');
    const wei = await anvil.sendEth(A1, '0.000000000000000001');
    await anvil.sendEth(stranger, '3');
    const { height, block } = await mined();
    expect(block.header.hash).toBe(await watcher.blockHash(height));
    expect(block.header.parentHash).toBe(await watcher.blockHash(height - 1));
    expect(Math.abs(block.header.time.getTime() - Date.now())).toBeLessThan(120_000);
    expect(block.outputs).toEqual(
      expect.arrayContaining([
        { txid: big, output: 'tx', address: A0, currency: 'ETH', amount: '1.234567890123456789' },
        { txid: wei, output: 'tx', address: A1, currency: 'ETH', amount: '0.000000000000000001' },
      ]),
    );
    expect(block.outputs).toHaveLength(2);
    expect(await watcher.pending(isWatched)).toEqual([]);
  });

  it('does not report a transaction that reverted, though it carried value', async () => {
    const usdt = tokens[0]?.contract as string;
    // The token has no payable function: ETH sent to it reverts. Watch it to prove the
    // receipt, not the address, keeps it out.
    const reverted = await anvil.sendEth(usdt, '2');
    const paid = await anvil.sendEth(A0, '0.5');
    await anvil.mine();
    const receipt = await anvil.rpc<{ status: string }>('eth_getTransactionReceipt', [reverted]);
    expect(receipt.status).toBe('0x0');
    const height = await watcher.tipHeight();
    const block = await watcher.block(height, (a) => a === usdt || isWatched(a));
    expect(block.outputs).toEqual([
      { txid: paid, output: 'tx', address: A0, currency: 'ETH', amount: '0.5' },
    ]);
  });

  it('reports USDT and USDC Transfer logs to derived addresses as log<N>, N their place in the transaction', async () => {
    const [usdt, usdc] = tokens.map((t) => t.contract) as [string, string];
    await anvil.sendToken(usdt, stranger, '7');
    const t1 = await anvil.sendToken(usdt, A2, '12.345678');
    const t2 = await anvil.sendToken(usdc, A3, '0.000001');
    const { block } = await mined();
    // The block-wide log index of the later transfers is not 0; their place in their
    // own transaction is, and stays so if the transaction is mined again elsewhere.
    const r2 = await anvil.rpc<{ logs: { logIndex: string }[] }>('eth_getTransactionReceipt', [t2]);
    expect(Number(r2.logs[0]?.logIndex)).toBeGreaterThan(0);
    expect(block.outputs).toEqual(
      expect.arrayContaining([
        { txid: t1, output: 'log0', address: A2, currency: 'USDT', amount: '12.345678' },
        { txid: t2, output: 'log0', address: A3, currency: 'USDC', amount: '0.000001' },
      ]),
    );
    expect(block.outputs).toHaveLength(2);
  });

  it('reports nothing for transfers to addresses it does not watch', async () => {
    await anvil.sendEth(stranger, '1');
    await anvil.sendToken(tokens[1]?.contract as string, stranger, '5');
    const { block } = await mined();
    expect(block.outputs).toEqual([]);
  });

  it('sees a reorganisation: the height gets another hash and the payment leaves it', async () => {
    const paid = await anvil.sendEth(A0, '1');
    await anvil.sendToken(tokens[0]?.contract as string, A1, '3');
    const { height, block } = await mined();
    expect(block.outputs.map((o) => o.txid)).toContain(paid);
    expect(block.outputs).toHaveLength(2);
    await anvil.reorg(1);
    const after = await watcher.blockHash(height);
    expect(after).not.toBeNull();
    expect(after).not.toBe(block.header.hash);
    const replaced = await watcher.block(height, isWatched);
    expect(replaced.header.hash).toBe(after);
    expect(replaced.header.parentHash).toBe(block.header.parentHash);
    expect(replaced.outputs).toEqual([]);
    expect(await watcher.blockHash(height + 1)).toBeNull();
  });

  it('says an unreachable node is unreachable, without the credentials in its URL', async () => {
    const port = await freePort();
    const gone = createEvmWatcher({
      network: 'bsc',
      rpcUrl: `http://parley:s3cr3t-pass@127.0.0.1:${port}/`,
      chainId: 56,
      tokens: [],
      timeoutMs: 2_000,
    });
    for (const call of [gone.check(), gone.tipHeight(), gone.block(1, isWatched)]) {
      const e = await failure(call);
      expect(e.code).toBe('CHAIN_UNREACHABLE');
      expect(e.message).not.toMatch(/s3cr3t|parley|127\.0\.0\.1/);
    }
  });
});
