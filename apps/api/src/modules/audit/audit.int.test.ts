import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import {
  adminSession,
  balanceOf,
  type Method,
  queryRows,
  send,
  sessionCookieOf,
  signUp,
} from '../../../test/helpers.js';

const BTC = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

let admin: string;
let adminId: string;
let otherAdmin: string;
let customer: string;
let customerId: string;

const call = (method: Method, url: string, cookie: string | null, payload?: unknown) =>
  send(ctx.app, method, url, cookie, payload);
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.database, query);
const auditCount = async () =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from audit_log`))[0]?.n ?? 0;
const ledgerRowsOf = async (reference: string) =>
  (
    await rows<{ n: number }>(
      sql`select count(*)::int as n from ledger_entries where reference = ${reference}`,
    )
  )[0]?.n ?? 0;

/** A BTC top-up of $150 submitted by whoever holds `cookie` (a customer or an admin). */
async function submit(cookie: string) {
  const quote = await call('POST', '/api/payments/quote', cookie, {
    amount: '150.00',
    currency: 'BTC',
  });
  expect(quote.statusCode).toBe(201);
  const created = await call('POST', '/api/transactions/create', cookie, {
    amount: '150.00',
    currency: 'BTC',
    walletAddress: BTC,
    serviceName: 'Add Funds',
    txHash: randomBytes(32).toString('hex'),
    quoteId: quote.json().id,
  });
  expect(created.statusCode).toBe(201);
  return created.json() as { id: string };
}

const audit = async (query: string, cookie = admin) => {
  const res = await call('GET', `/api/admin/audit${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    items: {
      action: string;
      actor: { id: string; email: string } | null;
      targetType: string;
      targetId: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
      ip: string | null;
      createdAt: string;
    }[];
    total: number;
    page: number;
    pageSize: number;
  };
};

const ctx = useTestApp();
beforeAll(async () => {
  admin = await adminSession(ctx, 'audit-admin@example.com');
  otherAdmin = await adminSession(ctx, 'second-admin@example.com');
  adminId = (await call('GET', '/api/auth/user', admin)).json().id;
  const signed = await signUp(ctx.app);
  customer = sessionCookieOf(signed.res);
  customerId = signed.res.json().id;
  expect(
    (
      await call('POST', '/api/admin/crypto-wallets', admin, {
        currency: 'BTC',
        network: 'bitcoin',
        address: BTC,
      })
    ).statusCode,
  ).toBe(201);
});

describe('an admin approving their own payment', () => {
  it('is refused with SELF_APPROVAL_FORBIDDEN and writes no ledger row nor audit row', async () => {
    const own = await submit(admin);
    const auditBefore = await auditCount();
    const res = await call('POST', `/api/admin/payments/${own.id}/approve`, admin, {});
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('SELF_APPROVAL_FORBIDDEN');
    expect(await ledgerRowsOf(`transaction:${own.id}`)).toBe(0);
    expect(await balanceOf(ctx.database, adminId)).toBe('0.00');
    expect(await auditCount()).toBe(auditBefore);
    const mine = (await call('GET', '/api/transactions', admin)).json();
    expect(mine.find((t: { id: string }) => t.id === own.id).status).toBe('pending');

    // Another admin may approve it; the books then show exactly one credit.
    const approved = await call('POST', `/api/admin/payments/${own.id}/approve`, otherAdmin, {});
    expect(approved.statusCode).toBe(200);
    expect(await ledgerRowsOf(`transaction:${own.id}`)).toBe(1);
    expect(await balanceOf(ctx.database, adminId)).toBe('118.50');
  });

  it('may reject it: rejecting moves no money, and it is audited', async () => {
    const own = await submit(admin);
    const res = await call('POST', `/api/admin/payments/${own.id}/reject`, admin, {
      adminNotes: 'Submitted by mistake',
    });
    expect(res.statusCode).toBe(200);
    expect(await ledgerRowsOf(`transaction:${own.id}`)).toBe(0);
    const { items } = await audit(`?targetId=${own.id}`);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ action: 'payment.reject', actor: { id: adminId } });
  });
});

describe('each audited change', () => {
  it('writes exactly one row with who, before, after, when and the address', async () => {
    const startedAt = Date.now();
    const payment = await submit(customer);
    const n0 = await auditCount();
    await call('POST', `/api/admin/payments/${payment.id}/approve`, admin, {
      adminNotes: 'Checked on chain',
    });
    expect(await auditCount()).toBe(n0 + 1);
    // A second approval is refused and writes nothing.
    expect(
      (await call('POST', `/api/admin/payments/${payment.id}/approve`, admin)).statusCode,
    ).toBe(409);
    expect(await auditCount()).toBe(n0 + 1);
    const [approval] = (await audit(`?targetId=${payment.id}`)).items;
    expect(approval).toMatchObject({
      action: 'payment.approve',
      actor: { id: adminId, email: 'audit-admin@example.com' },
      targetType: 'payment',
      targetId: payment.id,
      before: { status: 'pending', adminNotes: null, userId: customerId, amount: '150.00' },
      after: { status: 'approved', adminNotes: 'Checked on chain', creditAmount: '118.50' },
      ip: '127.0.0.1',
    });
    expect(new Date(approval?.createdAt ?? 0).getTime()).toBeGreaterThanOrEqual(startedAt - 1000);

    const rejected = await submit(customer);
    await call('POST', `/api/admin/payments/${rejected.id}/reject`, admin, {});
    expect(await auditCount()).toBe(n0 + 2);
    expect((await audit(`?targetId=${rejected.id}`)).items[0]).toMatchObject({
      action: 'payment.reject',
      before: { status: 'pending' },
      after: { status: 'rejected', adminNotes: null, noteCodes: ['REJECTED_BY_ADMIN'] },
    });

    const created = await call('POST', '/api/admin/crypto-wallets', admin, {
      currency: 'USDT',
      network: 'TRC20',
      address: TRON,
    });
    const walletId = created.json().id;
    expect(await auditCount()).toBe(n0 + 3);
    // A refused wallet (bad address) writes nothing.
    await call('POST', '/api/admin/crypto-wallets', admin, {
      currency: 'BTC',
      network: 'bitcoin',
      address: 'not-an-address',
    });
    expect(await auditCount()).toBe(n0 + 3);
    await call('PUT', `/api/admin/crypto-wallets/${walletId}`, admin, { isActive: false });
    // Setting what is already set changes nothing and is not a change to audit.
    await call('PUT', `/api/admin/crypto-wallets/${walletId}`, admin, { isActive: false });
    await call('PUT', `/api/admin/crypto-wallets/${walletId}`, admin, { isActive: true });
    expect(await auditCount()).toBe(n0 + 5);
    const walletRows = (await audit(`?targetType=wallet&targetId=${walletId}`)).items;
    expect(walletRows.map((r) => r.action)).toEqual([
      'wallet.activate',
      'wallet.deactivate',
      'wallet.create',
    ]);
    expect(walletRows[2]).toMatchObject({
      before: null,
      after: { currency: 'USDT', network: 'tron', address: TRON, isActive: true },
    });
    expect(walletRows[1]).toMatchObject({
      before: { isActive: true },
      after: { isActive: false },
    });

    await call('PUT', '/api/admin/rates/ETH/USD', admin, { rate: '3300.5' });
    expect(await auditCount()).toBe(n0 + 6);
    expect((await audit('?action=rate.update&targetId=ETH/USD')).items[0]).toMatchObject({
      actor: { email: 'audit-admin@example.com' },
      targetType: 'rate',
      before: { rate: '3200.000000000000000000', source: 'seed' },
      after: { rate: '3300.500000000000000000', source: 'admin:audit-admin@example.com' },
    });
  });
});

describe('GET /api/admin/audit', () => {
  it('filters by action, actor, target and dates, newest first', async () => {
    const all = await audit('?pageSize=100');
    expect(all.total).toBe(all.items.length);
    const times = all.items.map((i) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const byOther = await audit('?actor=SECOND-ADMIN@example.com');
    expect(byOther.items.length).toBeGreaterThan(0);
    expect(byOther.items.every((i) => i.actor?.email === 'second-admin@example.com')).toBe(true);
    const approvals = await audit('?action=payment.approve');
    expect(approvals.items.every((i) => i.action === 'payment.approve')).toBe(true);
    expect(approvals.total).toBe(2);
    expect((await audit('?targetType=wallet')).total).toBe(4);

    const today = new Date().toISOString().slice(0, 10);
    expect((await audit(`?from=${today}&to=${today}`)).total).toBe(all.total);
    expect((await audit('?to=2000-01-01')).total).toBe(0);
    expect((await audit('?from=2999-01-01')).total).toBe(0);

    const facets = (await call('GET', '/api/admin/audit/facets', admin)).json();
    expect(facets.actions).toEqual(expect.arrayContaining(['payment.approve', 'rate.update']));
    expect(facets.targetTypes).toEqual(['payment', 'rate', 'user', 'wallet']);
  });

  it('shows rows of actions it does not know, and rows written by a job', async () => {
    await ctx.database.db.execute(
      sql`insert into audit_log (actor_id, action, target_type, target_id, after)
          values (null, 'sender_id.approve', 'sender_id', 'PARLEY', '{"status":"approved"}')`,
    );
    const res = await audit('?actor=automatic&action=sender_id.approve');
    expect(res.items).toEqual([
      expect.objectContaining({
        actor: null,
        action: 'sender_id.approve',
        targetType: 'sender_id',
        after: { status: 'approved' },
      }),
    ]);
  });

  it('pages without gaps or repeats', async () => {
    const all = (await audit('?pageSize=100')).items.map((i) => JSON.stringify(i));
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(all.length / 3); page++) {
      const res = await audit(`?pageSize=3&page=${page}`);
      expect(res).toMatchObject({ page, pageSize: 3, total: all.length });
      paged.push(...res.items.map((i) => JSON.stringify(i)));
    }
    expect(paged).toEqual(all);
    expect((await audit(`?pageSize=3&page=${all.length + 10}`)).items).toEqual([]);
  });

  it('refuses bad filters with 400 and non-admins with 401/403', async () => {
    for (const query of [
      '?from=yesterday',
      '?from=2026-02-30',
      '?from=2026-05-02&to=2026-05-01',
      '?pageSize=0',
      '?pageSize=101',
      '?page=0',
      '?action=DROP%20TABLE',
      '?targetId=a%00b',
    ]) {
      const res = await call('GET', `/api/admin/audit${query}`, admin);
      expect([res.statusCode, res.json().error.code], query).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await call('GET', '/api/admin/audit', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/audit', customer)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/audit/facets', customer)).statusCode).toBe(403);
  });
});
