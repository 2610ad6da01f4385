import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addPackage,
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
import { balanceOf, createTestDatabase, queryRows } from '../../../test/helpers.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let keyId: string;
let chain: FakeChain;
let clock: ReturnType<typeof testClock>;
let watch: ReturnType<typeof watchOn>;

beforeAll(async () => {
  database = await createTestDatabase();
  keyId = await addWatchKey(database);
}, 120_000); // migrating a fresh database is slow on a busy machine
afterAll(() => database.close());
beforeEach(async () => {
  // A fresh chain per test: the cursor starts again from its tip.
  await database.db.execute(sql`delete from chain_cursors`);
  await database.db.execute(sql`delete from chain_blocks`);
  clock = testClock();
  chain = fakeChain('bitcoin', 'BTC', clock.now);
  chain.mineEmpty(10);
  watch = watchOn(database, chain, { clock });
  expect(await watch.pass()).toMatchObject({ status: 'scanned', height: 10 });
});

const inAnHour = () => new Date(clock.now().getTime() + 3_600_000);
async function customerWithQuote(over: { expiresAt?: Date } = {}) {
  const userId = await addUser(database);
  const quote = await addQuote(database, {
    userId,
    watchKeyId: keyId,
    expiresAt: over.expiresAt ?? inAnHour(),
  });
  return { userId, quote };
}
/** Passes once per new block until the payment has `CONFIRMATIONS`. */
async function confirm() {
  for (let i = 1; i < CONFIRMATIONS; i++) {
    chain.mineEmpty(1);
    await watch.pass();
  }
}

describe('the watcher credits a payment', () => {
  it('once, after exactly the required confirmations and not one before', async () => {
    const { userId, quote } = await customerWithQuote();
    chain.mine([{ address: quote.address, amount: '0.0015' }]);
    await watch.pass();
    expect(await depositsOf(database, quote.id)).toMatchObject([
      { status: 'seen', confirmations: 1 },
    ]);
    chain.mineEmpty(1);
    await watch.pass();
    expect(await depositsOf(database, quote.id)).toMatchObject([
      { status: 'seen', confirmations: 2 },
    ]);
    expect(await balanceOf(database, userId)).toBe('0.00');
    chain.mineEmpty(1);
    expect(await watch.pass()).toMatchObject({ credited: 1 });
    expect(await balanceOf(database, userId)).toBe('100.00');
    chain.mineEmpty(2);
    await watch.pass();
    await watchOn(database, chain, { clock }).pass();
    expect(await ledgerOf(database, userId)).toEqual([
      {
        kind: 'deposit',
        amount: '100.0000',
        reference: expect.stringMatching(/^bitcoin:tx[0-9a-f]+:0$/),
      },
    ]);
    const states = watch.events
      .filter((e) => e.type === 'deposit.updated' && e.data.userId === userId)
      .map((e) =>
        e.type === 'deposit.updated' ? [e.data.status, e.data.confirmations, e.data.required] : [],
      );
    expect(states).toEqual([
      ['seen', 1, 3],
      ['seen', 2, 3],
      ['credited', 3, 3],
    ]);
    expect(watch.events.at(-1)).toMatchObject({
      type: 'deposit.updated',
      data: {
        userId,
        quoteId: quote.id,
        amount: '0.0015',
        creditAmount: '100.00',
        late: false,
        flagged: false,
      },
    });
  });

  it('seen from the mempool before any block, then credited from its block', async () => {
    const { userId, quote } = await customerWithQuote();
    const sent = chain.broadcast({ address: quote.address, amount: '0.0015' });
    await watch.pass();
    expect(await depositsOf(database, quote.id)).toMatchObject([
      { status: 'seen', confirmations: 0, block_height: null },
    ]);
    chain.mine([sent]);
    await watch.pass();
    await confirm();
    expect(await balanceOf(database, userId)).toBe('100.00');
    expect(await depositsOf(database, quote.id)).toHaveLength(1);
  });

  it('pro rata: less for an underpayment, the excess too for an overpayment', async () => {
    const under = await customerWithQuote();
    const over = await customerWithQuote();
    chain.mine([
      { address: under.quote.address, amount: '0.00075' },
      { address: over.quote.address, amount: '0.00300001', output: '1' },
    ]);
    await watch.pass();
    await confirm();
    expect(await balanceOf(database, under.userId)).toBe('50.00');
    expect(await balanceOf(database, over.userId)).toBe('200.00');
  });

  it('a late payment at the day rate, told so; a second payment as its own deposit', async () => {
    const { userId, quote } = await customerWithQuote();
    chain.mine([{ address: quote.address, amount: '0.0015' }]);
    await watch.pass();
    clock.advance(2 * 3_600_000); // the quote has expired
    chain.mine([{ address: quote.address, amount: '0.0015' }]);
    await watch.pass();
    await confirm();
    const rows = await depositsOf(database, quote.id);
    expect(rows.map((r) => [r.status, r.credit_amount, r.late])).toEqual([
      ['credited', '100.0000', false],
      ['credited', '105.0000', true], // 0.0015 × 70000
    ]);
    expect(await balanceOf(database, userId)).toBe('205.00');
  });

  it('another coin to the address at its day rate; dust marked credited with no ledger row', async () => {
    const { userId, quote } = await customerWithQuote();
    chain.mine([
      { address: quote.address, amount: '10', currency: 'USDT' },
      { address: quote.address, amount: '0.00000001', output: '1' },
    ]);
    await watch.pass();
    await confirm();
    const rows = await depositsOf(database, quote.id);
    expect(rows.map((r) => [r.status, r.credit_amount]).sort()).toEqual([
      ['credited', '0.0000'],
      ['credited', '8.0000'],
    ]);
    expect(await ledgerOf(database, userId)).toHaveLength(1);
    expect(await balanceOf(database, userId)).toBe('8.00');
  });
});

describe('the payment the customer submitted', () => {
  const statusOf = async (id: string) =>
    (
      await queryRows<{ status: string; note_codes: string[] }>(
        database,
        sql`select status, note_codes from transactions where id = ${id}`,
      )
    )[0];

  it('a top-up is approved by the credit, with no second ledger row', async () => {
    const { userId, quote } = await customerWithQuote();
    const txId = await addPending(database, { userId, quoteId: quote.id, address: quote.address });
    chain.mine([{ address: quote.address, amount: '0.0015' }]);
    await watch.pass();
    await confirm();
    expect(await statusOf(txId)).toEqual({ status: 'approved', note_codes: ['CREDITED_ON_CHAIN'] });
    expect(await ledgerOf(database, userId)).toHaveLength(1);
    expect(watch.events).toContainEqual({
      type: 'transaction.updated',
      data: { id: txId, userId, status: 'approved' },
    });
  });

  it('a purchase buys its item when the balance covers it, and not otherwise', async () => {
    const itemId = await addPackage(database, '90.00');
    const paid = await customerWithQuote();
    const short = await customerWithQuote();
    const bought = await addPending(database, {
      userId: paid.userId,
      quoteId: paid.quote.id,
      address: paid.quote.address,
      itemId,
      charge: '90.00',
    });
    const kept = await addPending(database, {
      userId: short.userId,
      quoteId: short.quote.id,
      address: short.quote.address,
      itemId,
      charge: '90.00',
    });
    chain.mine([
      { address: paid.quote.address, amount: '0.0015' },
      { address: short.quote.address, amount: '0.00075', output: '1' },
    ]);
    await watch.pass();
    await confirm();
    expect(await statusOf(bought)).toEqual({
      status: 'approved',
      note_codes: ['CREDITED_ON_CHAIN'],
    });
    expect((await ledgerOf(database, paid.userId)).map((r) => [r.kind, r.amount])).toEqual([
      ['deposit', '100.0000'],
      ['purchase', '-90.0000'],
    ]);
    expect(await balanceOf(database, paid.userId)).toBe('10.00');
    const orders = await queryRows(
      database,
      sql`select 1 from orders where transaction_id = ${bought}`,
    );
    expect(orders).toHaveLength(1);
    expect(await statusOf(kept)).toEqual({
      status: 'approved',
      note_codes: ['CREDITED_ON_CHAIN', 'BALANCE_SHORT_CREDITED'],
    });
    expect(await balanceOf(database, short.userId)).toBe('50.00');
  });

  it('is rejected EXPIRED_UNPAID once the late window has passed with nothing paid', async () => {
    const unpaid = await customerWithQuote();
    const waiting = await customerWithQuote();
    const gone = await addPending(database, {
      userId: unpaid.userId,
      quoteId: unpaid.quote.id,
      address: unpaid.quote.address,
    });
    const open = await addPending(database, {
      userId: waiting.userId,
      quoteId: waiting.quote.id,
      address: waiting.quote.address,
    });
    chain.broadcast({ address: waiting.quote.address, amount: '0.0015' });
    await watch.pass();
    expect(await statusOf(gone)).toMatchObject({ status: 'pending' });
    clock.advance(LATE_WINDOW_MS + 2 * 3_600_000);
    await watch.pass();
    expect(await statusOf(gone)).toEqual({ status: 'rejected', note_codes: ['EXPIRED_UNPAID'] });
    expect(await statusOf(open)).toMatchObject({ status: 'pending' }); // a payment was seen
  });
});
