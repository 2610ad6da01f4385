import { HDKey } from '@scure/bip32';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Anvil, anvilAvailable, startAnvil } from '../../../test/anvil.js';
import {
  adminSession,
  createTestApp,
  type Method,
  queryRows,
  send,
  sessionCookieOf,
  signUp,
} from '../../../test/helpers.js';
import {
  type Litecoind,
  litecoindAvailable,
  litecoinFormOf,
  requireChainNodes,
  startLitecoind,
} from '../../../test/litecoind.js';

// The whole path over the API against real nodes on 127.0.0.1: an admin's key, a
// customer's quotes, payments from the nodes' own wallets, the app's watchers, the
// balance. ETH, USDT and USDC on anvil; BTC on regtest, read from litecoind (no bitcoind
// package exists here: the Bitcoin watcher writes the same scripts as bcrt1 addresses).
// CI installs both and sets PARLEY_REQUIRE_CHAIN_NODES: there this never skips.
const ready = anvilAvailable && litecoindAvailable;
if (!ready && requireChainNodes()) throw new Error('anvil and litecoind are required here');

const SEED = Uint8Array.from({ length: 32 }, (_, i) => 200 - i);
const EVM_XPUB = HDKey.fromMasterSeed(SEED).derive("m/44'/60'/0'").publicExtendedKey;
const BTC_VPUB = HDKey.fromMasterSeed(SEED, { private: 0x045f18bc, public: 0x045f1cf6 }).derive(
  "m/84'/1'/0'",
).publicExtendedKey;
const CONFIRMATIONS = 2;

describe.skipIf(!ready)('payments settle themselves against real nodes', () => {
  let anvil: Anvil;
  let node: Litecoind;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let customer: string;
  let customerId: string;
  let usdt: string;
  let usdc: string;

  const call = (method: Method, url: string, cookie: string | null, payload?: unknown) =>
    send(ctx.app, method, url, cookie, payload);
  const pass = (network: 'ethereum' | 'bitcoin') => ctx.app.chainWatch.passOnce(network);
  const statusOf = async (quoteId: string) =>
    (await call('GET', `/api/payments/quotes/${quoteId}`, customer)).json();
  const balance = async () => (await call('GET', '/api/auth/user', customer)).json().cryptoBalance;

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 });
    node = await startLitecoind();
    usdt = await anvil.deployToken('USDT', 6);
    usdc = await anvil.deployToken('USDC', 6);
    ctx = await createTestApp({
      CHAIN_ETHEREUM_RPC_URL: anvil.rpcUrl,
      CHAIN_ETHEREUM_CHAIN_ID: '31337',
      CHAIN_ETHEREUM_CONFIRMATIONS: String(CONFIRMATIONS),
      CHAIN_ETHEREUM_USDT_CONTRACT: usdt,
      CHAIN_ETHEREUM_USDC_CONTRACT: usdc,
      CHAIN_BITCOIN_RPC_URL: node.rpcUrl,
      CHAIN_BITCOIN_NETWORK: 'regtest',
      CHAIN_BITCOIN_CONFIRMATIONS: String(CONFIRMATIONS),
      // The test drives the passes itself.
      CHAIN_POLL_SECONDS: '3600',
      MAX_OPEN_QUOTES: '20',
    });
    const admin = await adminSession(ctx, 'chains-admin@example.com');
    for (const [family, key] of [
      ['evm', EVM_XPUB],
      ['bitcoin', BTC_VPUB],
    ] as const) {
      const set = await call('PUT', `/api/admin/chains/watch-keys/${family}`, admin, { key });
      expect(set.statusCode, set.body).toBe(200);
    }
    const signed = await signUp(ctx.app);
    customer = sessionCookieOf(signed.res);
    customerId = signed.res.json().id;
    // The first passes set each cursor at its node's tip.
    await pass('ethereum');
    await pass('bitcoin');
  }, 180_000);

  afterAll(async () => {
    await ctx?.close();
    await anvil?.stop();
    await node?.stop();
  }, 60_000);

  it('credits ETH, USDT and USDC paid to their own addresses once, after the confirmations', async () => {
    const quotes = [];
    for (const currency of ['ETH', 'USDT', 'USDC']) {
      const res = await call('POST', '/api/payments/quote', customer, {
        amount: '150.00',
        currency,
        network: 'ethereum',
      });
      expect(res.statusCode, res.body).toBe(201);
      quotes.push(res.json());
    }
    const [eth, tether, circle] = quotes;
    expect(eth).toMatchObject({ watched: true, confirmationsRequired: CONFIRMATIONS });
    expect(new Set(quotes.map((q) => q.address)).size).toBe(3);
    await anvil.sendEth(eth.address, eth.cryptoAmount);
    await anvil.sendToken(usdt, tether.address, tether.cryptoAmount);
    await anvil.sendToken(usdc, circle.address, circle.cryptoAmount);
    await anvil.mine(1);
    await pass('ethereum');
    for (const q of quotes)
      expect((await statusOf(q.id)).deposits).toMatchObject([
        { status: 'seen', confirmations: 1, required: CONFIRMATIONS },
      ]);
    expect(Number(await balance())).toBe(0);

    await anvil.mine(1);
    await pass('ethereum');
    // Passes again and again credit nothing more.
    await pass('ethereum');
    await pass('ethereum');
    for (const q of quotes)
      expect((await statusOf(q.id)).deposits).toMatchObject([
        { status: 'credited', late: false, creditAmount: q.creditAmount },
      ]);
    const expected = quotes.reduce((sum, q) => sum + Number(q.creditAmount), 0);
    expect(Number(await balance())).toBeCloseTo(expected, 2);
    const rows = await queryRows<{ reference: string }>(
      ctx.database,
      sql`select reference from ledger_entries where user_id = ${customerId} and kind = 'deposit'`,
    );
    expect(rows.map((r) => r.reference).sort()).toEqual(
      [
        expect.stringMatching(/^ethereum:0x[0-9a-f]{64}:tx$/),
        expect.stringMatching(/^ethereum:0x[0-9a-f]{64}:log0$/),
        expect.stringMatching(/^ethereum:0x[0-9a-f]{64}:log0$/),
      ].sort(),
    );
    expect(rows).toHaveLength(3);
  });

  it('credits BTC on regtest once, seen first in the mempool', async () => {
    const before = Number(await balance());
    const res = await call('POST', '/api/payments/quote', customer, {
      amount: '150.00',
      currency: 'BTC',
    });
    expect(res.statusCode, res.body).toBe(201);
    const q = res.json();
    expect(q.address).toMatch(/^bcrt1q/);
    await node.send(litecoinFormOf(q.address), q.cryptoAmount);
    await pass('bitcoin');
    expect((await statusOf(q.id)).deposits).toMatchObject([{ status: 'seen', confirmations: 0 }]);
    await node.mine(1);
    await pass('bitcoin');
    expect((await statusOf(q.id)).deposits).toMatchObject([{ status: 'seen', confirmations: 1 }]);
    await node.mine(1);
    await pass('bitcoin');
    await pass('bitcoin');
    expect((await statusOf(q.id)).deposits).toMatchObject([
      { status: 'credited', creditAmount: q.creditAmount },
    ]);
    expect(Number(await balance())).toBeCloseTo(before + Number(q.creditAmount), 2);
  });
});
