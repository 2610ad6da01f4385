import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { addCryptoWallets } from '../../../test/crypto-wallets.js';
import {
  adminSession,
  type Method,
  queryRows,
  send,
  sessionCookieOf,
  signUp,
} from '../../../test/helpers.js';
import { createEventBus, type DomainEvent } from '../../lib/event-bus.js';

const BTC = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';

let admin: string;
const events: DomainEvent[] = [];

const ctx = useTestApp({
  deps: () => {
    const bus = createEventBus();
    bus.subscribe((e) => events.push(e));
    return { events: bus };
  },
});
beforeAll(async () => {
  admin = await adminSession(ctx, 'outcomes-admin@example.com');
  await addCryptoWallets(ctx, admin, [['BTC', 'bitcoin', BTC]]);
});

function call(method: Method, url: string, cookie: string | null, payload?: unknown) {
  return send(ctx.app, method, url, cookie, payload);
}
const customer = async () => {
  const { res } = await signUp(ctx.app);
  return { cookie: sessionCookieOf(res), id: res.json().id as string };
};
const quote = (cookie: string, amount = '150.00') =>
  call('POST', '/api/payments/quote', cookie, { amount, currency: 'BTC' });
async function topUp(cookie: string, amount = '150.00') {
  const q = (await quote(cookie, amount)).json();
  const res = await call('POST', '/api/transactions/create', cookie, {
    amount: q.fiatAmount,
    currency: 'BTC',
    walletAddress: q.address,
    serviceName: 'Add Funds',
    quoteId: q.id,
    txHash: randomBytes(32).toString('hex'),
  });
  expect(res.statusCode).toBe(201);
  return { quote: q, payment: res.json() };
}
const notices = async (cookie: string) =>
  (await call('GET', '/api/notifications', cookie)).json().items as {
    id: string;
    code: string;
    params: Record<string, string>;
  }[];

describe('an open quote', () => {
  it('is answered again for the same amount and coin, instead of a new one each time', async () => {
    const ada = await customer();
    const first = await quote(ada.cookie);
    expect(first.statusCode).toBe(201);
    // A reload or a later visit asks again: the same quote, amount, address and deadline.
    const again = await quote(ada.cookie, '150');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const rows = await queryRows<{ n: number }>(
      ctx.database,
      sql`select count(*)::int as n from payment_quotes where user_id = ${ada.id}`,
    );
    expect(rows[0]?.n).toBe(1);
    // Another amount is another quote; so is the same amount once the first was submitted.
    const other = (await quote(ada.cookie, '151.00')).json();
    expect(other.id).not.toBe(first.json().id);
    const { quote: paid } = await topUp(ada.cookie);
    expect(paid.id).toBe(first.json().id);
    expect((await quote(ada.cookie)).json().id).not.toBe(paid.id);
    // Another customer asking the same amount never gets this customer's quote.
    const bob = await customer();
    const theirs = (await quote(bob.cookie)).json();
    expect(theirs.id).not.toBe(first.json().id);
    expect(theirs.cryptoAmount).not.toBe(first.json().cryptoAmount);
  });
});

describe('a decided payment', () => {
  it('approved, puts a notice in the bell, by email too, and says so live', async () => {
    const ada = await customer();
    const { payment, quote: q } = await topUp(ada.cookie);
    events.length = 0;
    const res = await call('POST', `/api/admin/payments/${payment.id}/approve`, admin, {});
    expect(res.statusCode).toBe(200);
    const [notice] = await notices(ada.cookie);
    expect(notice).toMatchObject({
      code: 'payment.approved',
      params: { amount: q.creditAmount, crypto: `${q.cryptoAmount} BTC` },
    });
    expect(events).toContainEqual({
      type: 'notification.created',
      data: { userId: ada.id, id: notice?.id, code: 'payment.approved' },
    });
    const [row] = await queryRows<{ due: boolean }>(
      ctx.database,
      sql`select email_due is not null as due from notifications where id = ${notice?.id}`,
    );
    expect(row?.due).toBe(true);
  });

  it('rejected, tells the customer the reason the admin gave, on the notice and the payment', async () => {
    const ada = await customer();
    const { payment, quote: q } = await topUp(ada.cookie);
    const res = await call('POST', `/api/admin/payments/${payment.id}/reject`, admin, {
      adminNotes: 'No such transaction on chain',
    });
    expect(res.statusCode).toBe(200);
    const [notice] = await notices(ada.cookie);
    expect(notice).toMatchObject({
      code: 'payment.rejected',
      params: { crypto: `${q.cryptoAmount} BTC`, reason: 'No such transaction on chain' },
    });
    const [mine] = (await call('GET', '/api/transactions', ada.cookie)).json();
    expect(mine).toMatchObject({ status: 'rejected', adminNotes: 'No such transaction on chain' });
    // Without a reason typed (the API's default), the notice says only that it was rejected.
    const second = await topUp(ada.cookie, '160.00');
    await call('POST', `/api/admin/payments/${second.payment.id}/reject`, admin, {});
    const [bare] = await notices(ada.cookie);
    expect(bare).toMatchObject({
      code: 'payment.rejected',
      params: { crypto: `${second.quote.cryptoAmount} BTC` },
    });
    expect(bare?.params.reason).toBeUndefined();
  });
});
