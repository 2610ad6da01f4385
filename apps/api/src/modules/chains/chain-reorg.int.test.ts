import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addQuote,
  addUser,
  addWatchKey,
  cursorOf,
  depositsOf,
  ledgerOf,
  POLL_MS,
  testClock,
  watchOn,
} from '../../../test/chain-watch-fixture.js';
import { type FakeChain, fakeChain } from '../../../test/fake-chain.js';
import { balanceOf, createTestDatabase, queryRows } from '../../../test/helpers.js';
import { setUpChainWatchers } from './chain-watchers.js';
import { createDepositSettleRepo } from './deposit-settle.repo.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let keyId: string;
let chain: FakeChain;
let clock: ReturnType<typeof testClock>;

beforeAll(async () => {
  database = await createTestDatabase();
  keyId = await addWatchKey(database);
}, 120_000); // migrating a fresh database is slow on a busy machine
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.execute(sql`delete from chain_cursors`);
  await database.db.execute(sql`delete from chain_blocks`);
  clock = testClock();
  chain = fakeChain('bitcoin', 'BTC', clock.now);
  chain.mineEmpty(10);
});

async function paidQuote() {
  const userId = await addUser(database);
  const expiresAt = new Date(clock.now().getTime() + 3_600_000);
  const quote = await addQuote(database, { userId, watchKeyId: keyId, expiresAt });
  return { userId, quote };
}
const pay = (address: string, txid?: string) => chain.mine([{ address, amount: '0.0015', txid }]);
const statesOf = async (quoteId: string) =>
  (await depositsOf(database, quoteId)).map((d) => [
    d.status,
    d.confirmations,
    d.block_height === null,
  ]);

describe('reorganisations', () => {
  it('a payment whose block leaves before its confirmations waits again, then is credited once re-included', async () => {
    const watch = watchOn(database, chain, { clock });
    await watch.pass();
    const { userId, quote } = await paidQuote();
    const [out] = pay(quote.address);
    chain.mineEmpty(1);
    await watch.pass();
    expect(await statesOf(quote.id)).toEqual([['seen', 2, false]]);
    chain.reorg(10, 3); // blocks 11 and 12 replaced by three empty ones
    await watch.pass();
    expect(await statesOf(quote.id)).toEqual([['seen', 0, true]]);
    expect(await balanceOf(database, userId)).toBe('0.00');
    pay(quote.address, out?.txid); // the same output, re-included
    await watch.pass();
    expect(await statesOf(quote.id)).toEqual([['seen', 1, false]]);
    chain.mineEmpty(2);
    await watch.pass();
    expect(await balanceOf(database, userId)).toBe('100.00');
    expect(await ledgerOf(database, userId)).toHaveLength(1);
    expect(await cursorOf(database)).toMatchObject({ height: chain.tip });
  });

  it('a credited payment whose block is replaced is flagged with the evidence, never debited', async () => {
    const watch = watchOn(database, chain, { clock });
    await watch.pass();
    const { userId, quote } = await paidQuote();
    pay(quote.address);
    const creditedHash = chain.hashAt(11);
    chain.mineEmpty(2);
    await watch.pass();
    expect(await balanceOf(database, userId)).toBe('100.00');
    chain.reorg(10, 4);
    await watch.pass();
    const [d] = await depositsOf(database, quote.id);
    expect(d?.status).toBe('credited');
    expect(d?.flagged_at).not.toBeNull();
    expect(d?.flag_evidence).toEqual({
      height: 11,
      creditedBlockHash: creditedHash,
      nodeBlockHash: chain.hashAt(11),
    });
    expect(await balanceOf(database, userId)).toBe('100.00');
    expect(await ledgerOf(database, userId)).toHaveLength(1);
    expect(watch.events.some((e) => e.type === 'deposit.updated' && e.data.flagged)).toBe(true);
  });
});

describe('instances, restarts and the lease', () => {
  it('a restarted instance resumes from the cursor: no block scanned twice nor missed', async () => {
    await watchOn(database, chain, { clock }).pass();
    const { userId, quote } = await paidQuote();
    pay(quote.address);
    chain.mineEmpty(4);
    const before = chain.calls.block;
    expect(await watchOn(database, chain, { clock }).pass()).toMatchObject({
      status: 'scanned',
      height: 15,
    });
    expect(chain.calls.block - before).toBe(5);
    expect(await balanceOf(database, userId)).toBe('100.00');
  });

  it('two instances: one holds the lease and credits once; the other takes over when it lapses', async () => {
    const a = watchOn(database, chain, { clock, instanceId: 'a' });
    const b = watchOn(database, chain, { clock, instanceId: 'b' });
    const { userId, quote } = await paidQuote();
    pay(quote.address);
    chain.mineEmpty(1);
    const results = (await Promise.all([a.pass(), b.pass()])).map((r) => r.status).sort();
    expect(results).toEqual(['scanned', 'standby']);
    expect(await balanceOf(database, userId)).toBe('0.00'); // two confirmations of three
    chain.mineEmpty(1);
    await Promise.all([a.pass(), b.pass(), a.pass(), b.pass()]);
    expect(await balanceOf(database, userId)).toBe('100.00');
    expect(await ledgerOf(database, userId)).toHaveLength(1);
    const owner = (await cursorOf(database))?.lease_owner;
    const other = owner === 'a' ? b : a;
    clock.advance(3 * POLL_MS - 1);
    expect(await other.pass()).toEqual({ status: 'standby' });
    clock.advance(2);
    expect(await other.pass()).toMatchObject({ status: 'scanned' });
    expect((await cursorOf(database))?.lease_owner).toBe(owner === 'a' ? 'b' : 'a');
  });

  it('two credits of one deposit at once: one wins, one ledger row', async () => {
    const watch = watchOn(database, chain, { clock });
    await watch.pass();
    const { userId, quote } = await paidQuote();
    pay(quote.address);
    await watch.pass();
    const [row] = await queryRows<{ id: string }>(
      database,
      sql`select id from chain_deposits where quote_id = ${quote.id}`,
    );
    const settle = createDepositSettleRepo(database.db);
    const terms = {
      depositId: row?.id as string,
      amount: '100.00',
      rate: '1',
      late: false,
      confirmations: 3,
      at: clock.now(),
    };
    const done = await Promise.all([
      settle.credit(terms),
      settle.credit(terms),
      settle.credit(terms),
    ]);
    expect(done.filter(Boolean)).toHaveLength(1);
    expect(await ledgerOf(database, userId)).toHaveLength(1);
  });

  it('setUpChainWatchers: a job per watched network with an adapter; stopping lets the lease go', async () => {
    const settings = {
      network: 'bitcoin' as const,
      rpcUrl: 'http://127.0.0.1:9',
      confirmations: 3,
      chainId: null,
      chain: 'regtest' as const,
      genesis: null,
      tokens: [],
    };
    const silent = { warn() {}, error() {} } as unknown as Parameters<
      typeof setUpChainWatchers
    >[0]['log'];
    const on = (instanceId: string) =>
      setUpChainWatchers({
        db: database.db,
        config: { networks: { bitcoin: settings }, lateWindowMs: 1000, pollMs: POLL_MS },
        watchers: [chain.watcher, fakeChain('litecoin', 'LTC').watcher],
        rates: { rate: async () => '1' },
        events: { publish() {} },
        instanceId,
        log: silent,
        now: clock.now,
      });
    const [a, b] = [on('a'), on('b')];
    expect(a.jobs).toHaveLength(1);
    expect(a.passOnce('litecoin')).toBeNull();
    expect(await a.passOnce('bitcoin')).toMatchObject({ status: 'scanned', height: 10 });
    expect(await b.passOnce('bitcoin')).toEqual({ status: 'standby' });
    await a.jobs[0]?.stop();
    expect(await b.passOnce('bitcoin')).toMatchObject({ status: 'scanned', height: 10 });
  });
});

describe('crashes and the node', () => {
  const boom = () => {
    throw new Error('crash');
  };
  async function crashThenRecover(opts: Omit<Parameters<typeof watchOn>[2], 'clock'>) {
    await watchOn(database, chain, { clock }).pass();
    const { userId, quote } = await paidQuote();
    pay(quote.address);
    chain.mineEmpty(2);
    await expect(watchOn(database, chain, { ...opts, clock }).pass()).rejects.toThrow('crash');
    const fresh = watchOn(database, chain, { clock });
    expect(await fresh.pass()).toMatchObject({ status: 'scanned', height: chain.tip });
    await fresh.pass();
    expect(await depositsOf(database, quote.id)).toHaveLength(1);
    expect(await ledgerOf(database, userId)).toHaveLength(1);
    expect(await balanceOf(database, userId)).toBe('100.00');
    expect(await cursorOf(database)).toMatchObject({ height: chain.tip });
  }

  it('after a block is written, before the credit', () =>
    crashThenRecover({
      wrap: (repos) => {
        const real = repos.deposits.recordBlock;
        repos.deposits.recordBlock = async (m) => {
          const done = await real(m);
          if (m.block.header.height === chain.tip) boom();
          return done;
        };
      },
    }));

  it('after the credit is committed', () =>
    crashThenRecover({
      wrap: (repos) => {
        const real = repos.settle.credit;
        repos.settle.credit = async (c) => {
          await real(c);
          return boom();
        };
      },
    }));

  it('in the middle of a block’s transaction, and of a credit’s', async () => {
    await crashThenRecover({ faults: { afterOutputs: boom } });
    await crashThenRecover({ faults: { afterCredit: boom } });
  });

  it('an unreachable node is recorded and the next pass recovers; a mismatch scans nothing', async () => {
    const watch = watchOn(database, chain, { clock });
    chain.setMismatch(true);
    expect(await watch.pass()).toEqual({ status: 'node-error', code: 'CHAIN_MISMATCH' });
    expect(await cursorOf(database)).toMatchObject({ height: -1, last_error: 'CHAIN_MISMATCH' });
    chain.setMismatch(false);
    await watch.pass();
    chain.setUnreachable(true);
    chain.mineEmpty(2);
    expect(await watch.pass()).toEqual({ status: 'node-error', code: 'CHAIN_UNREACHABLE' });
    expect(await cursorOf(database)).toMatchObject({
      height: 10,
      last_error: 'CHAIN_UNREACHABLE',
    });
    chain.setUnreachable(false);
    expect(await watch.pass()).toMatchObject({ status: 'scanned', height: 12 });
    expect(await cursorOf(database)).toMatchObject({
      height: 12,
      last_error: null,
      node_height: 12,
    });
  });
});
