import { addressOfScript, deriveAddress, parseWatchKey } from '@parley/shared/watch-keys';
import { hex } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { Address, OutScript } from '@scure/btc-signer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Litecoind,
  litecoindAvailable,
  requireChainNodes,
  startLitecoind,
} from '../../../test/litecoind.js';
import { freePort } from '../../../test/ports.js';
import { createBitcoinCoreWatcher } from './bitcoin-core.js';
import { ChainNodeError, type ChainWatcher } from './port.js';

// CI installs litecoind and sets PARLEY_REQUIRE_CHAIN_NODES: there this never skips.
if (!litecoindAvailable && requireChainNodes())
  throw new Error('litecoind is required here (PARLEY_REQUIRE_CHAIN_NODES=1)');

/** A BIP84 testnet account key (vpub) from a fixed seed: what an admin would paste. */
function testVpub(): string {
  const seed = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
  const versions = { private: 0x045f18bc, public: 0x045f1cf6 };
  return HDKey.fromMasterSeed(seed, versions).derive("m/84'/1'/0'").publicExtendedKey;
}

/** A Bitcoin regtest address written as Litecoin regtest writes the same script. */
function ltcFormOf(btcAddress: string): string {
  const decoded = OutScript.encode(
    Address({ bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0 }).decode(btcAddress),
  );
  const written = addressOfScript('litecoin', 'regtest', hex.encode(decoded));
  if (!written) throw new Error('no litecoin form');
  return written;
}

function watchedAddresses(count: number): string[] {
  const parsed = parseWatchKey('litecoin', testVpub(), 'regtest');
  if (!parsed.ok) throw new Error(parsed.code);
  return Array.from({ length: count }, (_, i) => {
    const derived = deriveAddress(parsed.key, i);
    if (!derived.ok) throw new Error(derived.code);
    return derived.address;
  });
}

async function failure(promise: Promise<unknown>): Promise<ChainNodeError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ChainNodeError);
  return err as ChainNodeError;
}

/** The vout index paying `address` in a node's decoded transaction. */
async function voutOf(node: Litecoind, txid: string, address: string): Promise<string> {
  const tx = await node.rpc<{ vout: { n: number; scriptPubKey: { addresses?: string[] } }[] }>(
    'getrawtransaction',
    [txid, true],
  );
  const v = tx.vout.find((o) => o.scriptPubKey.addresses?.[0] === address);
  if (!v) throw new Error(`no output to ${address}`);
  return String(v.n);
}

describe.skipIf(!litecoindAvailable)('Bitcoin Core watcher against litecoind (regtest)', () => {
  let node: Litecoind;
  let watcher: ChainWatcher;
  const [first = '', second = ''] = watchedAddresses(2);
  const watched = new Set([first, second]);
  const isWatched = (a: string) => watched.has(a);

  beforeAll(async () => {
    node = await startLitecoind();
    watcher = createBitcoinCoreWatcher({
      network: 'litecoin',
      rpcUrl: node.rpcUrl,
      chain: 'regtest',
    });
  }, 60_000);
  afterAll(async () => {
    await node?.stop();
  }, 30_000);

  it('checks the node is the configured chain and refuses another', async () => {
    await expect(watcher.check()).resolves.toBeUndefined();
    const mainnet = createBitcoinCoreWatcher({
      network: 'litecoin',
      rpcUrl: node.rpcUrl,
      chain: 'mainnet',
    });
    const err = await failure(mainnet.check());
    expect(err.code).toBe('CHAIN_MISMATCH');
    expect(err.message).toContain('regtest');
    expect(err.message).toContain('mainnet');
  });

  it('serves Bitcoin on regtest too: the same scripts, read as bcrt1 addresses and BTC', async () => {
    // No bitcoind package exists here: a Bitcoin regtest watcher reads this node's
    // blocks, writing each output script as Bitcoin's regtest would (addressOfScript).
    const parsed = parseWatchKey('bitcoin', testVpub(), 'regtest');
    if (!parsed.ok) throw new Error(parsed.code);
    const derived = deriveAddress(parsed.key, 7);
    if (!derived.ok) throw new Error(derived.code);
    const btcAddress = derived.address;
    expect(btcAddress).toMatch(/^bcrt1q/);
    const script = await node.rpc<{ scriptPubKey: string }>('validateaddress', [
      ltcFormOf(btcAddress),
    ]);
    expect(addressOfScript('bitcoin', 'regtest', script.scriptPubKey)).toBe(btcAddress);
    const bitcoin = createBitcoinCoreWatcher({
      network: 'bitcoin',
      rpcUrl: node.rpcUrl,
      chain: 'regtest',
    });
    await expect(bitcoin.check()).resolves.toBeUndefined();
    const txid = await node.send(ltcFormOf(btcAddress), '0.5');
    const [mined] = await node.mine(1);
    const tip = await bitcoin.tipHeight();
    const block = await bitcoin.block(tip, (a) => a === btcAddress);
    expect(block.header.hash).toBe(mined);
    expect(block.outputs).toEqual([
      expect.objectContaining({ txid, address: btcAddress, currency: 'BTC', amount: '0.50000000' }),
    ]);
  });

  it('sees payments to watched addresses in the mempool, then in the block that mines them', async () => {
    expect(first).toMatch(/^rltc1q/);
    const stranger = await node.rpc<string>('getnewaddress');
    const txid = await node.sendMany({
      [first]: '0.00000001',
      [second]: '12.34567891',
      [stranger]: '1',
    });
    const pending = await watcher.pending(isWatched);
    const expected = [
      {
        txid,
        output: await voutOf(node, txid, first),
        address: first,
        currency: 'LTC',
        amount: '0.00000001',
      },
      {
        txid,
        output: await voutOf(node, txid, second),
        address: second,
        currency: 'LTC',
        amount: '12.34567891',
      },
    ];
    const byOutput = (a: { output: string }, b: { output: string }) =>
      a.output.localeCompare(b.output);
    expect([...pending].sort(byOutput)).toEqual([...expected].sort(byOutput));

    const [mined] = await node.mine(1);
    const tip = await watcher.tipHeight();
    const block = await watcher.block(tip, isWatched);
    expect(block.header.hash).toBe(mined);
    expect(block.header.height).toBe(tip);
    expect(block.header.parentHash).toBe(await watcher.blockHash(tip - 1));
    expect(block.header.time.getTime()).toBeGreaterThan(Date.UTC(2020, 0, 1));
    expect([...block.outputs].sort(byOutput)).toEqual([...expected].sort(byOutput));
    // Mined: no longer pending.
    expect(await watcher.pending(isWatched)).toEqual([]);

    expect(await watcher.blockHash(tip)).toBe(mined);
    expect(await watcher.blockHash(tip + 1)).toBeNull();
    expect((await failure(watcher.block(tip + 1, isWatched))).code).toBe('CHAIN_BAD_ANSWER');
    const genesis = await watcher.block(0, isWatched);
    expect(genesis.header.parentHash).toBe('0'.repeat(64));
  });

  it('follows a reorganisation: the height gets another block without the payment', async () => {
    const txid = await node.send(first, '0.5');
    const [mined = ''] = await node.mine(1);
    const height = await watcher.tipHeight();
    expect((await watcher.block(height, isWatched)).outputs.map((o) => o.txid)).toEqual([txid]);

    await node.invalidate(mined);
    // The replacement leaves the payment out: it goes back to the mempool.
    const minerAddress = await node.rpc<string>('getnewaddress');
    const { hash: replacement } = await node.rpc<{ hash: string }>('generateblock', [
      minerAddress,
      [],
    ]);
    expect(await watcher.tipHeight()).toBe(height);
    expect(await watcher.blockHash(height)).toBe(replacement);
    expect(replacement).not.toBe(mined);
    const reorganised = await watcher.block(height, isWatched);
    expect(reorganised.header.hash).toBe(replacement);
    expect(reorganised.outputs).toEqual([]);
    expect((await watcher.pending(isWatched)).map((o) => o.txid)).toEqual([txid]);
    await node.mine(1);
  });

  it('fetches a bounded number of mempool transactions per call and forgets mined ones', async () => {
    const bounded = createBitcoinCoreWatcher({
      network: 'litecoin',
      rpcUrl: node.rpcUrl,
      chain: 'regtest',
      mempoolFetchLimit: 2,
    });
    const txids = [];
    for (const amount of ['0.1', '0.2', '0.3']) txids.push(await node.send(second, amount));
    expect((await bounded.pending(isWatched)).length).toBe(2);
    const all = await bounded.pending(isWatched);
    expect(all.map((o) => o.txid).sort()).toEqual([...txids].sort());
    expect(all.map((o) => o.amount).sort()).toEqual(['0.10000000', '0.20000000', '0.30000000']);
    await node.mine(1);
    expect(await bounded.pending(isWatched)).toEqual([]);
  });

  it('reports an unreachable node and a refused password without showing credentials', async () => {
    const url = new URL(node.rpcUrl);
    const password = decodeURIComponent(url.password);
    const closed = await freePort();
    const unreachable = createBitcoinCoreWatcher({
      network: 'litecoin',
      rpcUrl: `http://${url.username}:${password}@127.0.0.1:${closed}/`,
      chain: 'regtest',
      timeoutMs: 2_000,
    });
    const down = await failure(unreachable.check());
    expect(down.code).toBe('CHAIN_UNREACHABLE');
    expect(down.message).not.toContain(password);

    const wrong = `${password}x`;
    url.password = wrong;
    const refused = createBitcoinCoreWatcher({
      network: 'litecoin',
      rpcUrl: url.toString(),
      chain: 'regtest',
    });
    const calls = [
      () => refused.check(),
      () => refused.tipHeight(),
      () => refused.blockHash(1),
      () => refused.block(1, isWatched),
      () => refused.pending(isWatched),
    ];
    for (const call of calls) {
      const err = await failure(call());
      expect(err.code).toBe('CHAIN_UNREACHABLE');
      expect(err.message).toContain('401');
      for (const secret of [wrong, password, url.username])
        expect(`${err.message} ${err.stack}`).not.toContain(secret);
    }
  });
});
