import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addPending,
  addQuote,
  addUser,
  addWatchKey,
  cursorOf,
  depositsOf,
  LATE_WINDOW_MS,
  ledgerOf,
  testClock,
  watchOn,
} from '../../../test/chain-watch-fixture.js';
import { fakeChain } from '../../../test/fake-chain.js';
import { balanceOf, createTestDatabase } from '../../../test/helpers.js';

// A network's first pass (no cursor yet): it starts before the oldest open watched
// quote, so a quote handed out while no watcher ran (the node away, the settings new)
// is credited when it was paid long before the watcher's first look.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let keyId: string;

/** The fake chain's blocks claim 2026-01-01 plus ten minutes per height. */
const T0 = Date.parse('2026-01-01T00:00:00Z');
const minutes = (n: number) => new Date(T0 + n * 60_000);

beforeAll(async () => {
  database = await createTestDatabase();
  keyId = await addWatchKey(database);
}, 120_000);
afterAll(() => database.close());
beforeEach(async () => {
  // Each test is a network's first start, with no other open quote.
  await database.db.execute(sql`delete from chain_cursors`);
  await database.db.execute(sql`delete from chain_blocks`);
  await database.db.execute(sql`delete from chain_deposits`);
  await database.db.execute(sql`delete from transactions`);
  await database.db.execute(sql`delete from payment_quotes`);
});

describe("a network's first pass", () => {
  it('credits a payment mined long before it, to a quote handed out while none ran', async () => {
    const chain = fakeChain('bitcoin', 'BTC');
    chain.mineEmpty(20); // block 20 claims T0 + 200 min
    const userId = await addUser(database);
    const quote = await addQuote(database, {
      userId,
      watchKeyId: keyId,
      createdAt: minutes(200),
      expiresAt: minutes(200 + 24 * 60),
    });
    await addPending(database, { userId, quoteId: quote.id, address: quote.address });
    chain.mine([{ address: quote.address, amount: '0.0015' }]); // block 21
    chain.mineEmpty(10);
    const clock = testClock(minutes(330).getTime());
    const watch = watchOn(database, chain, { clock });
    expect(await watch.pass()).toMatchObject({ status: 'scanned', height: 31, credited: 1 });
    const [deposit, ...more] = await depositsOf(database, quote.id);
    expect(more).toEqual([]);
    expect(deposit).toMatchObject({ status: 'credited', late: false });
    expect(Number(deposit?.block_height)).toBe(21);
    expect(await balanceOf(database, userId)).toBe('100.00');
    expect(await ledgerOf(database, userId)).toHaveLength(1);
    // It started two hours (miners' clocks) before the quote: block 7 claims T0 + 70 min.
    expect(chain.calls.block).toBeLessThan(24 + 8);
  });

  it('starts `confirmations` below the tip when no watched quote is open', async () => {
    const chain = fakeChain('bitcoin', 'BTC');
    chain.mineEmpty(40);
    const clock = testClock(minutes(500).getTime());
    // A quote expired beyond the late window does not pull the start back.
    await addQuote(database, {
      userId: await addUser(database),
      watchKeyId: keyId,
      createdAt: minutes(10),
      expiresAt: new Date(clock.now().getTime() - LATE_WINDOW_MS - 60_000),
    });
    const watch = watchOn(database, chain, { clock });
    expect(await watch.pass()).toMatchObject({ status: 'scanned', height: 40 });
    expect(chain.calls.block).toBe(3);
    expect(await cursorOf(database)).toMatchObject({ height: 40 });
  });

  it('starts from block 0 when the quote is older than every block but the genesis', async () => {
    const chain = fakeChain('bitcoin', 'BTC');
    const userId = await addUser(database);
    const quote = await addQuote(database, {
      userId,
      watchKeyId: keyId,
      createdAt: minutes(0),
      expiresAt: minutes(24 * 60),
    });
    chain.mine([{ address: quote.address, amount: '0.0015' }]);
    chain.mineEmpty(5);
    const watch = watchOn(database, chain, { clock: testClock(minutes(100).getTime()) });
    expect(await watch.pass()).toMatchObject({ status: 'scanned', height: 6, credited: 1 });
  });
});
