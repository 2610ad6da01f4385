import { TOP_UP_SERVICE_NAME } from '@parley/shared';
import { isValidAddress } from '@parley/shared/chains';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCryptoWallets } from '../../../test/crypto-wallets.js';
import {
  adminSession,
  createTestApp,
  type Method,
  queryRows,
  send,
  sessionCookieOf,
  signUp,
} from '../../../test/helpers.js';
import { type RecordedNode, startRecordedNode } from '../../../test/recorded-node.js';
import { DOCS_GENESIS, recordedSolana, replaySolana } from '../../../test/recorded-solana.js';

// Solana quotes share the admin's SOL wallet and differ by a Solana Pay reference; the
// watcher finds their payments by it. No validator runs here: the node replays answers
// recorded from Solana's documentation (test/recorded-solana.ts; decision 0059).

const WALLET = 'mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN';
const REFERENCE = '82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny';
const REFERENCE_V0 = '9sCENxPWsBNuAZ7jiDjG4Cu4UAvxrWTJ3njzgVjfPHqr';
/** A transfer to WALLET that carried this reference too (the fixture's third case). */
const OTHER_REFERENCE = 'AjozzgE83A3x1sHNUR64hfH7zaEBWeMaFuAN9kQgujrc';
const OTHER_PAID =
  '5S6VEVhGLTVWcdxSuniHv5pnmL1RdKwvpbHhksFJink5azEANrSqvtTvob8sHHD43TrVxrfMFVGtethzvAs54g1x';
const PAID =
  '4xggJV5QkMuWzkSQWzN7PgHXLLdZZPrreuvheJ8R74vSp4Ch3UaQqPSphzE6y8ujFSrTjps3rty3xut5rw9vWmQX';

let node: RecordedNode;
let tip = 430;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let customer: string;

const call = (method: Method, url: string, cookie: string | null, payload?: unknown) =>
  send(ctx.app, method, url, cookie, payload);
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.database, query);
const quoteSol = async (amount: string) => {
  const res = await call('POST', '/api/payments/quote', customer, { amount, currency: 'SOL' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; reference: string; uri: string; address: string };
};
const balance = async () => (await call('GET', '/api/auth/user', customer)).json().cryptoBalance;
/** The recorded payments carry the spec's example references: the quote takes one. */
const giveReference = (quoteId: string, reference: string, amount: string) =>
  rows(sql`update payment_quotes set reference = ${reference}, crypto_amount = ${amount}::numeric
    where id = ${quoteId}`);

beforeAll(async () => {
  node = await startRecordedNode(replaySolana(recordedSolana(), () => tip));
  ctx = await createTestApp({
    CHAIN_SOLANA_RPC_URL: node.url,
    CHAIN_SOLANA_GENESIS: DOCS_GENESIS,
    CHAIN_POLL_SECONDS: '3600',
    MAX_OPEN_QUOTES: '20',
  });
  admin = await adminSession(ctx, 'solana-admin@example.com');
  await addCryptoWallets(ctx, admin, [['SOL', 'solana', WALLET]]);
  customer = sessionCookieOf((await signUp(ctx.app)).res);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await node?.close();
});

describe('Solana quotes with a reference', () => {
  it('each carry a reference of their own, in a Solana Pay link to the wallet', async () => {
    const a = await quoteSol('150.00');
    const b = await quoteSol('160.00');
    for (const q of [a, b]) {
      expect(q).toMatchObject({ address: WALLET, watched: true, confirmationsRequired: 1 });
      expect(isValidAddress('solana', q.reference)).toBe(true);
      expect(q.uri).toMatch(
        new RegExp(`^solana:${WALLET}\\?amount=[0-9.]+&reference=${q.reference}&label=Parley$`),
      );
    }
    expect(a.reference).not.toBe(b.reference);
    // Asked again, the open quote answers with its reference.
    expect((await quoteSol('150.00')).reference).toBe(a.reference);
    const stored = await rows<{ n: number }>(
      sql`select count(distinct reference)::int as n from payment_quotes where reference is not null`,
    );
    expect(stored[0]?.n).toBe(2);
  });

  it('credits the payment carrying the reference once, and the next as its own', async () => {
    const first = await quoteSol('100.00');
    const second = await quoteSol('110.00');
    await giveReference(first.id, REFERENCE, '1.5');
    // The version 0 payment sent 0.25 of the 0.5 asked: half the credit.
    await giveReference(second.id, REFERENCE_V0, '0.5');
    const [terms] = await rows<{ first: string; second: string }>(
      sql`select (select credit_amount::text from payment_quotes where id = ${first.id}) as first,
        (select credit_amount::text from payment_quotes where id = ${second.id}) as second`,
    );
    // The scan stands at slot 429 (the app's first pass went further, with nothing to find).
    await ctx.app.chainWatch.passOnce('solana');
    await rows(sql`update chain_cursors set height = 429,
      block_hash = 'mfcyqEXB3DnHXki6KjjmZck6YjmZLvpAByy2fj4nh6B' where network = 'solana'`);
    expect(await ctx.app.chainWatch.passOnce('solana')).toMatchObject({
      status: 'scanned',
      height: 430,
      credited: 1,
    });
    const status = (await call('GET', `/api/payments/quotes/${first.id}`, customer)).json();
    expect(status.deposits).toMatchObject([
      { status: 'credited', amount: '1.5', currency: 'SOL', confirmations: 1, required: 1 },
    ]);
    tip = 432;
    expect(await ctx.app.chainWatch.passOnce('solana')).toMatchObject({
      status: 'scanned',
      height: 432,
      credited: 1,
    });
    // Again: nothing new, nothing twice.
    expect(await ctx.app.chainWatch.passOnce('solana')).toMatchObject({ credited: 0 });
    const ledger = await rows<{ reference: string; amount: string }>(
      sql`select reference, amount::text from ledger_entries where kind = 'deposit' order by created_at`,
    );
    const half = (Number(terms?.second) / 2).toFixed(2);
    expect(ledger.map((l) => [l.reference, Number(l.amount).toFixed(2)])).toEqual([
      [`solana:${PAID}:tx`, Number(terms?.first).toFixed(2)],
      [expect.stringMatching(/^solana:3duzTY.+:tx$/), half],
    ]);
    expect(Number(await balance())).toBeCloseTo(Number(terms?.first) + Number(half), 2);
    // The deposits name the references they were found by.
    const deposits = await rows<{ address: string }>(
      sql`select address from chain_deposits order by created_at`,
    );
    expect(deposits.map((d) => d.address)).toEqual([REFERENCE, REFERENCE_V0]);
  });

  it('keeps the manual path: a hash claim is decided by hand until the watcher has a payment', async () => {
    const q = await quoteSol('120.00');
    const res = await call('POST', '/api/transactions/create', customer, {
      amount: '120.00',
      currency: 'SOL',
      walletAddress: WALLET,
      serviceName: TOP_UP_SERVICE_NAME,
      servicePrice: '120.00',
      txHash: '5'.repeat(87),
      quoteId: q.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const reviewer = await adminSession(ctx, 'solana-reviewer@example.com');
    const approved = await call(
      'POST',
      `/api/admin/payments/${res.json().id}/approve`,
      reviewer,
      {},
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('approved');
    // A quote the watcher has a payment for is credited by it, never by hand as well.
    const paid = await rows<{ id: string }>(
      sql`select q.id from payment_quotes q join chain_deposits d on d.quote_id = q.id limit 1`,
    );
    const claim = await call('POST', '/api/transactions/create', customer, {
      amount: '100.00',
      currency: 'SOL',
      walletAddress: WALLET,
      serviceName: TOP_UP_SERVICE_NAME,
      servicePrice: '100.00',
      txHash: '6'.repeat(87),
      quoteId: paid[0]?.id,
    });
    expect(claim.statusCode, claim.body).toBe(201);
    const refused = await call(
      'POST',
      `/api/admin/payments/${claim.json().id}/approve`,
      reviewer,
      {},
    );
    expect(refused.statusCode).toBe(409);
  });

  it('does not credit twice a payment an admin approved from its hash before the watcher saw it', async () => {
    const q = await quoteSol('130.00');
    await giveReference(q.id, OTHER_REFERENCE, '2');
    const res = await call('POST', '/api/transactions/create', customer, {
      amount: '130.00',
      currency: 'SOL',
      walletAddress: WALLET,
      serviceName: TOP_UP_SERVICE_NAME,
      servicePrice: '130.00',
      txHash: OTHER_PAID,
      quoteId: q.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const reviewer = await adminSession(ctx, 'solana-second-reviewer@example.com');
    const approved = await call(
      'POST',
      `/api/admin/payments/${res.json().id}/approve`,
      reviewer,
      {},
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const before = await balance();
    // The scan goes over slot 430 again: the same transaction carried the reference.
    await rows(sql`update chain_cursors set height = 429,
      block_hash = 'mfcyqEXB3DnHXki6KjjmZck6YjmZLvpAByy2fj4nh6B' where network = 'solana'`);
    expect(await ctx.app.chainWatch.passOnce('solana')).toMatchObject({ credited: 1 });
    const [deposit] = await rows<{ status: string; credit: string }>(
      sql`select status, credit_amount::text as credit from chain_deposits where quote_id = ${q.id}`,
    );
    expect(deposit).toEqual({ status: 'credited', credit: '0.0000' });
    expect(await balance()).toBe(before);
    const ledger = await rows<{ n: number }>(
      sql`select count(*)::int as n from ledger_entries where reference = ${`solana:${OTHER_PAID}:tx`}`,
    );
    expect(ledger[0]?.n).toBe(0);
  });

  it('rejects an unpaid form without a signature after the late window, and leaves a signed claim to an admin', async () => {
    const submit = async (amount: string, txHash?: string) => {
      const q = await quoteSol(amount);
      const res = await call('POST', '/api/transactions/create', customer, {
        amount,
        currency: 'SOL',
        walletAddress: WALLET,
        serviceName: TOP_UP_SERVICE_NAME,
        servicePrice: amount,
        quoteId: q.id,
        ...(txHash ? { txHash } : {}),
      });
      expect(res.statusCode, res.body).toBe(201);
      await rows(
        sql`update payment_quotes set expires_at = now() - interval '8 days' where id = ${q.id}`,
      );
      return res.json().id as string;
    };
    const unsigned = await submit('140.00');
    const signed = await submit('145.00', '7'.repeat(87));
    await ctx.app.chainWatch.passOnce('solana');
    const status = async (id: string) =>
      (await rows<{ status: string }>(sql`select status from transactions where id = ${id}`))[0]
        ?.status;
    expect(await status(unsigned)).toBe('rejected');
    expect(await status(signed)).toBe('pending');
  });
});
