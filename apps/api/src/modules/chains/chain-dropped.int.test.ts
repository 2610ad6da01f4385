import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addPending,
  addQuote,
  addUser,
  addWatchKey,
  CONFIRMATIONS,
  depositsOf,
  LATE_WINDOW_MS,
  ledgerOf,
  testClock,
  watchOn,
} from '../../../test/chain-watch-fixture.js';
import { type FakeChain, fakeChain } from '../../../test/fake-chain.js';
import { createTestDatabase, queryRows } from '../../../test/helpers.js';
import { DROP_AFTER_MS } from './deposit-credit.js';

// A payment seen in the mempool that leaves it and is in no block for DROP_AFTER_MS
// is dropped (the customer's quote waits again); found again, it is seen again.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let keyId: string;
let chain: FakeChain;
let clock: ReturnType<typeof testClock>;

beforeAll(async () => {
  database = await createTestDatabase();
  keyId = await addWatchKey(database);
}, 120_000);
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.execute(sql`delete from chain_cursors`);
  await database.db.execute(sql`delete from chain_blocks`);
  clock = testClock();
  chain = fakeChain('bitcoin', 'BTC', clock.now);
  chain.mineEmpty(10);
});

async function customerWithQuote(expiresAt = new Date(clock.now().getTime() + 3_600_000)) {
  const userId = await addUser(database);
  const quote = await addQuote(database, { userId, watchKeyId: keyId, expiresAt });
  return { userId, quote };
}
const statusOf = async (quoteId: string) => (await depositsOf(database, quoteId))[0]?.status;
const minutes = (n: number) => n * 60_000;

describe('a payment that leaves the mempool', () => {
  it('is dropped once gone for the grace period, and seen again when it comes back', async () => {
    const { userId, quote } = await customerWithQuote();
    const watch = watchOn(database, chain, { clock });
    const paid = chain.broadcast({ address: quote.address, amount: '0.0015' });
    await watch.pass();
    expect(await statusOf(quote.id)).toBe('seen');

    // Still in the mempool after longer than the grace: never dropped.
    clock.advance(DROP_AFTER_MS + minutes(5));
    await watch.pass();
    expect(await statusOf(quote.id)).toBe('seen');

    chain.evict(paid);
    clock.advance(DROP_AFTER_MS - minutes(1));
    await watch.pass();
    expect(await statusOf(quote.id)).toBe('seen');
    clock.advance(minutes(2));
    await watch.pass();
    expect(await depositsOf(database, quote.id)).toMatchObject([
      { status: 'dropped', confirmations: 0, credit_amount: null },
    ]);
    expect(watch.events).toContainEqual(
      expect.objectContaining({
        type: 'deposit.updated',
        data: expect.objectContaining({ userId, status: 'dropped', confirmations: 0 }),
      }),
    );

    // Broadcast again (the same transaction): seen again, then mined and credited once.
    chain.broadcast({ ...paid });
    await watch.pass();
    expect(await statusOf(quote.id)).toBe('seen');
    chain.mine([{ ...paid }]);
    chain.mineEmpty(CONFIRMATIONS - 1);
    await watch.pass();
    expect(await statusOf(quote.id)).toBe('credited');
    expect(await ledgerOf(database, userId)).toHaveLength(1);
  });

  it('comes back as seen when a block holds it after it was dropped', async () => {
    const { userId, quote } = await customerWithQuote();
    const watch = watchOn(database, chain, { clock });
    const paid = chain.broadcast({ address: quote.address, amount: '0.0015' });
    await watch.pass();
    chain.evict(paid);
    clock.advance(DROP_AFTER_MS + minutes(1));
    await watch.pass();
    expect(await statusOf(quote.id)).toBe('dropped');
    chain.mine([{ ...paid }]);
    await watch.pass();
    expect(await depositsOf(database, quote.id)).toMatchObject([
      { status: 'seen', confirmations: 1 },
    ]);
    chain.mineEmpty(CONFIRMATIONS - 1);
    await watch.pass();
    expect(await statusOf(quote.id)).toBe('credited');
    expect(await ledgerOf(database, userId)).toHaveLength(1);
  });

  it('is not dropped while the scan has blocks left to read, where it may be', async () => {
    const { quote } = await customerWithQuote();
    const paid = chain.broadcast({ address: quote.address, amount: '0.0015' });
    expect(await watchOn(database, chain, { clock }).pass()).toMatchObject({ height: 10 });
    const slow = watchOn(database, chain, { clock, maxBlocksPerPass: 1 });
    chain.mineEmpty(3);
    chain.mine([{ ...paid }]); // block 14, out of the mempool
    clock.advance(DROP_AFTER_MS + minutes(1));
    for (let i = 0; i < 3; i++) {
      await slow.pass();
      expect(await statusOf(quote.id)).toBe('seen');
    }
    await slow.pass();
    expect(await depositsOf(database, quote.id)).toMatchObject([
      { status: 'seen', confirmations: 1 },
    ]);
  });

  it('leaves the unpaid quote to expire: its payment form is rejected after the late window', async () => {
    const { userId, quote } = await customerWithQuote();
    const pendingId = await addPending(database, {
      userId,
      quoteId: quote.id,
      address: quote.address,
    });
    const watch = watchOn(database, chain, { clock });
    chain.evict(chain.broadcast({ address: quote.address, amount: '0.0015' }));
    await watch.pass(); // not seen: evicted before the pass
    const again = chain.broadcast({ address: quote.address, amount: '0.0015' });
    await watch.pass();
    chain.evict(again);
    clock.advance(DROP_AFTER_MS + minutes(1));
    await watch.pass();
    expect(await statusOf(quote.id)).toBe('dropped');
    clock.advance(LATE_WINDOW_MS + 3_600_000);
    await watch.pass();
    const [row] = await queryRows<{ status: string }>(
      database,
      sql`select status from transactions where id = ${pendingId}`,
    );
    expect(row?.status).toBe('rejected');
  });
});
