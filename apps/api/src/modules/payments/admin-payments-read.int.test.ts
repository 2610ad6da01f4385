import { randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { addCryptoWallets } from '../../../test/crypto-wallets.js';
import { adminSession, send, sessionCookieOf, signUp } from '../../../test/helpers.js';
import { transactions, users } from '../../db/schema/index.js';
import { createPaymentsRepo } from './payments.repo.js';

const BTC = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const ctx = useTestApp();
let admin: string;

/** A payment submitted by a new customer; `claimed` is what they say they sent. */
async function submitted(claimed?: string) {
  const cookie = sessionCookieOf((await signUp(ctx.app)).res);
  const quote = (
    await send(ctx.app, 'POST', '/api/payments/quote', cookie, {
      amount: '150.00',
      currency: 'BTC',
    })
  ).json();
  const res = await send(ctx.app, 'POST', '/api/transactions/create', cookie, {
    amount: quote.fiatAmount,
    currency: 'BTC',
    walletAddress: BTC,
    serviceName: 'Add Funds',
    quoteId: quote.id,
    txHash: randomBytes(32).toString('hex'),
    ...(claimed ? { cryptoAmount: claimed } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

beforeAll(async () => {
  admin = await adminSession(ctx, 'raw-list-admin@example.com');
  await addCryptoWallets(ctx, admin, [['BTC', 'bitcoin', BTC]]);
  const approved = await submitted();
  const rejected = await submitted('0.5');
  await submitted('0.00000001');
  await submitted();
  for (const [id, how] of [
    [approved, 'approve'],
    [rejected, 'reject'],
  ] as const)
    expect(
      (await send(ctx.app, 'POST', `/api/admin/payments/${id}/${how}`, admin, {})).statusCode,
    ).toBe(200);
  // A customer without a name, and a payment without a hash or a claim (credited from the chain).
  const [last] = await ctx.database.db
    .select()
    .from(transactions)
    .orderBy(desc(transactions.createdAt))
    .limit(1);
  await ctx.database.db
    .update(users)
    .set({ firstName: null, lastName: null })
    .where(eq(users.id, last?.userId ?? ''));
  await ctx.database.db
    .update(transactions)
    .set({ txHash: null, claimedCryptoAmount: null })
    .where(eq(transactions.id, last?.id ?? ''));
});

/** The admin list as drizzle read it before the prepared read replaced it: the reference. */
async function throughDrizzle(opts: { status?: string; limit: number; offset: number }) {
  const approver = alias(users, 'approver');
  const rows = await ctx.database.db
    .select({
      tx: transactions,
      user: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      },
      approverEmail: approver.email,
    })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .leftJoin(approver, eq(approver.id, transactions.approvedBy))
    .where(opts.status ? eq(transactions.status, opts.status) : undefined)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(opts.limit)
    .offset(opts.offset);
  return rows.map(({ tx, user, approverEmail }) => ({
    id: tx.id,
    kind: tx.kind,
    serviceName: tx.serviceName,
    servicePrice: tx.servicePrice,
    amount: tx.amount,
    amountCurrency: tx.amountCurrency,
    currency: tx.currency,
    network: tx.network,
    walletAddress: tx.walletAddress,
    cryptoAmount: tx.cryptoAmount,
    claimedCryptoAmount: tx.claimedCryptoAmount,
    txHash: tx.txHash,
    creditAmount: tx.creditAmount,
    status: tx.status,
    adminNotes: tx.adminNotes,
    noteCodes: tx.noteCodes,
    itemKind: tx.itemKind,
    itemId: tx.itemId,
    approvedBy: tx.approvedBy,
    approvedAt: tx.approvedAt?.toISOString() ?? null,
    createdAt: tx.createdAt.toISOString(),
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    approverEmail,
  }));
}

// Runs on both drivers: the prepared read must answer every column as drizzle did.
describe('the admin payments list', () => {
  it('reads the same rows, columns and order as drizzle, with and without a status', async () => {
    const repo = createPaymentsRepo(ctx.database.db);
    for (const opts of [
      { limit: 50, offset: 0 },
      { limit: 2, offset: 1 },
      { status: 'pending', limit: 50, offset: 0 },
      { status: 'approved', limit: 50, offset: 0 },
      { status: 'rejected', limit: 50, offset: 0 },
    ]) {
      const expected = await throughDrizzle(opts);
      expect(await repo.listAll(opts), JSON.stringify(opts)).toEqual(expected);
    }
    // What the reference read covers: every state the list shows.
    const all = await throughDrizzle({ limit: 50, offset: 0 });
    expect(all.map((r) => r.status).sort()).toEqual(['approved', 'pending', 'pending', 'rejected']);
    expect(all.some((r) => r.txHash === null && r.firstName === null)).toBe(true);
    expect(all.filter((r) => r.claimedCryptoAmount === null)).toHaveLength(1);
    expect(new Set(all.map((r) => r.claimedCryptoAmount)).size).toBe(4);
    expect(all.filter((r) => r.approverEmail === 'raw-list-admin@example.com')).toHaveLength(2);
  });

  it('answers the page the admin panel shows', async () => {
    const [row] = (await send(ctx.app, 'GET', '/api/admin/payments?status=approved', admin)).json();
    expect(row).toMatchObject({
      status: 'approved',
      approverEmail: 'raw-list-admin@example.com',
      user: { email: expect.stringContaining('@') },
      explorerUrl: expect.stringContaining(row.txHash),
      amountDiffers: false,
      claimedCryptoAmount: row.cryptoAmount,
    });
    expect(Date.parse(row.approvedAt)).toBeGreaterThan(Date.parse(row.createdAt) - 1);
    const count = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactions);
    expect(count[0]?.n).toBe(4);
  });
});
