import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addQuote,
  addUser,
  addWatchKey,
  CONFIRMATIONS,
  cursorOf,
  depositsOf,
  ledgerOf,
  testClock,
  watchOn,
} from '../../../test/chain-watch-fixture.js';
import { createTestDatabase } from '../../../test/helpers.js';
import {
  type Litecoind,
  litecoindAvailable,
  regtestAddress,
  requireChainNodes,
  startLitecoind,
} from '../../../test/litecoind.js';
import { createBitcoinCoreWatcher } from '../../integrations/chains/bitcoin-core.js';
import type { ChainWatcher } from '../../integrations/chains/port.js';
import { DROP_AFTER_MS } from './deposit-credit.js';

// The watcher's pass on the database against a real node (litecoind regtest, read as
// Bitcoin regtest): its first start after payments it never saw, a payment replaced in
// the mempool (dropped), and the node going away mid-scan and coming back.
// CI installs litecoind and sets PARLEY_REQUIRE_CHAIN_NODES: there this never skips.
if (!litecoindAvailable && requireChainNodes())
  throw new Error('litecoind is required here (PARLEY_REQUIRE_CHAIN_NODES=1)');

describe.skipIf(!litecoindAvailable)('the watcher against litecoind (regtest)', () => {
  let node: Litecoind;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let keyId: string;
  let watcher: ChainWatcher;
  // The node's blocks claim the real time: the watcher's clock is the real one, moved on.
  const clock = testClock(Date.now());

  beforeAll(async () => {
    // Litecoin Core refuses replacements unless told: a bumped payment needs it here.
    const args = ['-mempoolreplacement=1'];
    [node, database] = await Promise.all([startLitecoind({ args }), createTestDatabase()]);
    keyId = await addWatchKey(database);
    watcher = createBitcoinCoreWatcher({
      network: 'bitcoin',
      rpcUrl: node.rpcUrl,
      chain: 'regtest',
    });
  }, 120_000);
  afterAll(async () => {
    await node?.stop();
    await database?.close();
  }, 60_000);

  async function quoteTo(address: string) {
    const userId = await addUser(database);
    const expiresAt = new Date(clock.now().getTime() + 3_600_000);
    const quote = await addQuote(database, { userId, watchKeyId: keyId, expiresAt, address });
    return { userId, quote };
  }

  it('credits, on its first pass, a payment mined and confirmed before it ever ran', async () => {
    const to = regtestAddress();
    const { userId, quote } = await quoteTo(to.btc);
    await node.send(to.ltc, '0.0015');
    await node.mine(CONFIRMATIONS + 5);
    const pass = await watchOn(database, { watcher }, { clock }).pass();
    expect(pass).toMatchObject({ status: 'scanned', credited: 1 });
    expect(await depositsOf(database, quote.id)).toMatchObject([
      { status: 'credited', late: false },
    ]);
    expect(await ledgerOf(database, userId)).toEqual([
      expect.objectContaining({ kind: 'deposit', amount: '100.0000' }),
    ]);
  });

  it('drops a payment replaced in the mempool and credits its replacement once', async () => {
    const watch = watchOn(database, { watcher }, { clock });
    const to = regtestAddress();
    const { userId, quote } = await quoteTo(to.btc);
    // Replaceable (BIP125), then bumped: the first leaves the mempool for the second.
    const first = await node.rpc<string>('sendtoaddress', [to.ltc, '0.0015', '', '', false, true]);
    await watch.pass();
    expect(await depositsOf(database, quote.id)).toMatchObject([{ status: 'seen' }]);
    const bumped = await node.rpc<{ txid: string }>('bumpfee', [first, { fee_rate: 50 }]);
    expect(await node.rpc<string[]>('getrawmempool')).toEqual([bumped.txid]);
    expect(bumped.txid).not.toBe(first);
    await watch.pass();
    expect((await depositsOf(database, quote.id)).map((d) => d.status)).toEqual(['seen', 'seen']);
    clock.advance(DROP_AFTER_MS + 60_000);
    await watch.pass();
    const statusOf = async () =>
      Object.fromEntries(
        (await depositsOf(database, quote.id)).map((d) => [
          (d as unknown as { txid: string }).txid,
          d.status,
        ]),
      );
    expect(await statusOf()).toEqual({ [first]: 'dropped', [bumped.txid]: 'seen' });
    await node.mine(CONFIRMATIONS);
    await watch.pass();
    expect(await statusOf()).toEqual({ [first]: 'dropped', [bumped.txid]: 'credited' });
    expect(await ledgerOf(database, userId)).toHaveLength(1);
  });

  it('records the node as unreachable when it stops mid-scan, then resumes and credits', async () => {
    const to = regtestAddress();
    const { userId, quote } = await quoteTo(to.btc);
    const watch = watchOn(database, { watcher }, { clock });
    await watch.pass();
    const start = (await cursorOf(database))?.height ?? 0;
    await node.send(to.ltc, '0.0015');
    await node.mine(4);
    // The node is stopped (by its PID) as the pass reaches the second new block.
    let halted = false;
    const stopping: ChainWatcher = {
      ...watcher,
      async block(height, isWatched) {
        if (height === start + 2 && !halted) {
          halted = true;
          await node.halt();
        }
        return watcher.block(height, isWatched);
      },
    };
    expect(await watchOn(database, { watcher: stopping }, { clock }).pass()).toEqual({
      status: 'node-error',
      code: 'CHAIN_UNREACHABLE',
    });
    expect(halted).toBe(true);
    // The block read before the stop is kept; the cursor waits there.
    expect(await cursorOf(database)).toMatchObject({
      height: start + 1,
      last_error: 'CHAIN_UNREACHABLE',
    });
    expect(await watch.pass()).toMatchObject({ status: 'node-error', code: 'CHAIN_UNREACHABLE' });

    await node.resume();
    await node.mine(CONFIRMATIONS);
    expect(await watch.pass()).toMatchObject({ status: 'scanned' });
    expect(await cursorOf(database)).toMatchObject({
      height: start + 4 + CONFIRMATIONS,
      last_error: null,
    });
    expect(await depositsOf(database, quote.id)).toMatchObject([{ status: 'credited' }]);
    expect(await ledgerOf(database, userId)).toHaveLength(1);
  }, 90_000);
});
