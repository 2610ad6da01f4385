import { randomBytes } from 'node:crypto';
import { compareDecimal } from '@parley/shared';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
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

let admin: string;

const ctx = useTestApp({ seedCatalogue: true });
beforeAll(async () => {
  admin = await adminSession(ctx, 'orders-admin@example.com');
  const wallet = await call('POST', '/api/admin/crypto-wallets', admin, {
    currency: 'BTC',
    network: 'bitcoin',
    address: BTC,
  });
  expect(wallet.statusCode).toBe(201);
});

/** Every cached balance equals the sum of its ledger rows. */
afterEach(async () => {
  expect((await call('GET', '/api/admin/ledger/check', admin)).json().mismatches).toEqual([]);
});

const call = (method: Method, url: string, cookie: string | null, payload?: unknown) =>
  send(ctx.app, method, url, cookie, payload);
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.database, query);
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0] as T;

async function customer() {
  const { res } = await signUp(ctx.app);
  return { cookie: sessionCookieOf(res), id: res.json().id as string };
}
const balance = async (id: string) => balanceOf(ctx.database, id);

/** A top-up of `usd` dollars in BTC, approved: £0.79 per dollar at the seeded rates. */
async function fund(cookie: string, usd: string) {
  const quote = (
    await call('POST', '/api/payments/quote', cookie, { amount: usd, currency: 'BTC' })
  ).json();
  const tx = await call('POST', '/api/transactions/create', cookie, {
    amount: usd,
    currency: 'BTC',
    walletAddress: BTC,
    txHash: randomBytes(32).toString('hex'),
    serviceName: 'Add Funds',
    quoteId: quote.id,
  });
  expect(tx.statusCode).toBe(201);
  const ok = await call('POST', `/api/admin/payments/${tx.json().id}/approve`, admin, {});
  expect(ok.statusCode).toBe(200);
}

const packageId = async (name: string) =>
  (await one<{ id: string }>(sql`select id from packages where name = ${name}`)).id;
const numberId = async () =>
  (
    await one<{ id: string }>(
      sql`select id from did_numbers where status = 'available' order by number limit 1`,
    )
  ).id;

describe('an item for sale', () => {
  it('is priced by the server, in GBP at today’s rate for the balance', async () => {
    const { cookie } = await customer();
    const starter = await call('GET', `/api/orders/items/${await packageId('Starter')}`, cookie);
    expect(starter.json()).toMatchObject({
      kind: 'package',
      name: 'Starter (VoIP Calling)',
      price: '99.00',
      currency: 'GBP',
      billingPeriod: 'monthly',
      balancePrice: '99.00',
      balanceRenewal: '99.00',
      available: true,
    });
    // 9 USD at the seeded 0.79 GBP per USD, now and each month after.
    const smtp = await call('GET', `/api/orders/items/${await packageId('SMTP Basic')}`, cookie);
    expect(smtp.json()).toMatchObject({
      price: '9.00',
      currency: 'USD',
      balancePrice: '7.11',
      balanceRenewal: '7.11',
    });
  });

  it('shows a number’s monthly price and setup fee apart, and charges exactly their sum', async () => {
    const c = await customer();
    await fund(c.cookie, '150.00'); // £118.50
    const { id, monthly, setup } = await one<{ id: string; monthly: string; setup: string }>(
      sql`select id, monthly_price::text as monthly, setup_price::text as setup from did_numbers
        where status = 'available' and setup_price > 0 order by number limit 1`,
    );
    const item = (await call('GET', `/api/orders/items/${id}`, c.cookie)).json();
    expect(item).toMatchObject({ kind: 'number', recurringPrice: monthly, setupPrice: setup });
    expect(Number(item.price)).toBeCloseTo(Number(monthly) + Number(setup), 2);
    const bought = await call('POST', '/api/orders', c.cookie, { itemId: id });
    expect(bought.statusCode).toBe(201);
    expect(bought.json().charged).toBe(item.balancePrice);
    // What the item said each month would cost is what its renewals charge.
    expect(compareDecimal(item.balanceRenewal, item.balancePrice)).toBe(-1);
    const subs = (await call('GET', '/api/subscriptions', c.cookie)).json();
    expect(subs.items[0].amount).toBe(item.balanceRenewal);
    // The list reads orders its own way (decision 0033): the same answer, renewal date too.
    expect(bought.json().renewsAt).toEqual(expect.any(String));
    expect((await call('GET', '/api/orders', c.cookie)).json()).toContainEqual(bought.json());
    // A number without a setup fee says so with null, and a one-time domain has no monthly price.
    const plain = await one<{ id: string }>(
      sql`select id from did_numbers where status = 'available' and setup_price = 0 limit 1`,
    );
    expect(
      (await call('GET', `/api/orders/items/${plain.id}`, c.cookie)).json().setupPrice,
    ).toBeNull();
    const domain = (await one<{ id: string }>(sql`select id from sip_domains limit 1`)).id;
    expect((await call('GET', `/api/orders/items/${domain}`, c.cookie)).json()).toMatchObject({
      recurringPrice: null,
      setupPrice: null,
    });
  });

  it('answers 401 signed out, 400 for a malformed id and 404 for an unknown one', async () => {
    const { cookie } = await customer();
    const id = await packageId('Starter');
    expect((await call('GET', `/api/orders/items/${id}`, null)).statusCode).toBe(401);
    expect((await call('GET', '/api/orders/items/nope', cookie)).statusCode).toBe(400);
    const unknown = await call('GET', `/api/orders/items/${crypto.randomUUID()}`, cookie);
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'NOT_FOUND']);
    expect((await call('POST', '/api/orders', null, { itemId: id })).statusCode).toBe(401);
  });
});

describe('paying from the balance', () => {
  it('is refused with 402 when the balance is short, and writes nothing', async () => {
    const c = await customer();
    const res = await call('POST', '/api/orders', c.cookie, { itemId: await packageId('Starter') });
    expect([res.statusCode, res.json().error.code]).toEqual([402, 'INSUFFICIENT_BALANCE']);
    expect(await balance(c.id)).toBe('0.00');
    const written = await one<{ n: number }>(
      sql`select (select count(*) from orders where user_id = ${c.id})::int
        + (select count(*) from ledger_entries where user_id = ${c.id})::int as n`,
    );
    expect(written.n).toBe(0);
  });

  it('activates a plan at once, with its renewal date, and debits exactly its price', async () => {
    const c = await customer();
    await fund(c.cookie, '150.00'); // £118.50
    const res = await call('POST', '/api/orders', c.cookie, { itemId: await packageId('Starter') });
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      name: 'Starter (VoIP Calling)',
      charged: '99.00',
      paidWith: 'balance',
      status: 'active',
    });
    const renews = new Date(order.renewsAt).getTime() - new Date(order.createdAt).getTime();
    expect(renews / 86_400_000).toBeGreaterThanOrEqual(28);
    expect(renews / 86_400_000).toBeLessThanOrEqual(31);
    expect(await balance(c.id)).toBe('19.50');
    const ledger = await rows<{ kind: string; amount: string }>(
      sql`select kind, amount::numeric(20,2)::text as amount from ledger_entries where user_id = ${c.id} order by created_at`,
    );
    expect(ledger).toEqual([
      { kind: 'deposit', amount: '118.50' },
      { kind: 'purchase', amount: '-99.00' },
    ]);
    expect((await call('GET', '/api/orders', c.cookie)).json()).toEqual([order]);
  });

  it('never spends more than the balance under concurrent purchases', async () => {
    const c = await customer();
    await fund(c.cookie, '100.00'); // £79.00
    const items = [
      { id: await packageId('IVR'), cents: 1500 },
      { id: await packageId('PBX'), cents: 2500 },
    ];
    const tries = Array.from({ length: 20 }, (_, i) => items[i % 2] as (typeof items)[number]);
    const results = await Promise.all(
      tries.map((item) => call('POST', '/api/orders', c.cookie, { itemId: item.id })),
    );
    const left = Math.round(Number(await balance(c.id)) * 100);
    let spent = 0;
    results.forEach((r, i) => {
      const cents = tries[i]?.cents ?? 0;
      expect([201, 402]).toContain(r.statusCode);
      if (r.statusCode === 201) spent += cents;
      // Balances only fall, so a purchase refused then could not fit now either.
      else expect(cents).toBeGreaterThan(left);
    });
    expect(spent + left).toBe(7900);
    expect(spent).toBeGreaterThan(0);
  });

  it('buys once for one order id, however often the request is repeated', async () => {
    const c = await customer();
    await fund(c.cookie, '150.00'); // £118.50
    const orderId = crypto.randomUUID();
    const itemId = await packageId('IVR'); // £15
    const results = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', '/api/orders', c.cookie, { itemId, orderId })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.json().id))).toEqual(new Set([orderId]));
    expect(await balance(c.id)).toBe('103.50');
    expect((await call('GET', '/api/orders', c.cookie)).json()).toHaveLength(1);
  });

  it('sells a number once: of two buyers at the same moment, one gets it', async () => {
    const [a, b] = [await customer(), await customer()];
    await Promise.all([fund(a.cookie, '200.00'), fund(b.cookie, '200.00')]);
    const id = await numberId();
    const results = await Promise.all(
      [a, b].map((c) => call('POST', '/api/orders', c.cookie, { itemId: id })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().error.code).toBe('ITEM_UNAVAILABLE');
    expect(
      (await one<{ status: string }>(sql`select status from did_numbers where id = ${id}`)).status,
    ).toBe('assigned');
    const item = (await call('GET', `/api/orders/items/${id}`, a.cookie)).json();
    expect(item.available).toBe(false);
    // The loser paid nothing.
    const balances = [await balance(a.id), await balance(b.id)].sort();
    expect(balances[1]).toBe('158.00');
  });

  it('sells a SIP domain once', async () => {
    const [a, b] = [await customer(), await customer()];
    await Promise.all([fund(a.cookie, '600.00'), fund(b.cookie, '600.00')]); // £474 each
    const domain = (await one<{ id: string }>(sql`select id from sip_domains limit 1`)).id;
    const first = await call('POST', '/api/orders', a.cookie, { itemId: domain });
    expect(first.json()).toMatchObject({ itemKind: 'sip_domain', charged: '400.00' });
    expect(first.json().renewsAt).toBeNull();
    const second = await call('POST', '/api/orders', b.cookie, { itemId: domain });
    expect([second.statusCode, second.json().error.code]).toEqual([409, 'ITEM_UNAVAILABLE']);
    expect(await balance(b.id)).toBe('474.00');
    const listed = (await call('GET', '/api/sip-domains', null)).json() as { id: string }[];
    expect(listed.map((d) => d.id)).not.toContain(domain);
  });
});

describe('paying for an item in crypto', () => {
  async function quoteFor(cookie: string, amount: string, fiatCurrency: 'GBP' | 'USD') {
    return (
      await call('POST', '/api/payments/quote', cookie, { amount, currency: 'BTC', fiatCurrency })
    ).json();
  }

  it('names the item, covers its price, and is refused otherwise', async () => {
    const c = await customer();
    const pbx = await packageId('Cloud PBX'); // £25
    const low = await quoteFor(c.cookie, '24.99', 'GBP');
    const base = {
      currency: 'BTC',
      walletAddress: BTC,
      serviceName: 'Cloud PBX',
      txHash: randomBytes(32).toString('hex'),
    };
    const short = await call('POST', '/api/transactions/create', c.cookie, {
      ...base,
      amount: '24.99',
      quoteId: low.id,
      itemId: pbx,
    });
    expect([short.statusCode, short.json().error.fields[0].path]).toEqual([400, 'body.amount']);
    const unnamed = await call('POST', '/api/transactions/create', c.cookie, {
      ...base,
      amount: '25.00',
    });
    expect([unnamed.statusCode, unnamed.json().error.fields[0].path]).toEqual([400, 'body.itemId']);
    const count = await one<{ n: number }>(
      sql`select count(*)::int as n from transactions where user_id = ${c.id}`,
    );
    expect(count.n).toBe(0);
  });

  it('is pending, then approval activates the item with what was paid', async () => {
    const c = await customer();
    const pbx = await packageId('Cloud PBX');
    const quote = await quoteFor(c.cookie, '25.00', 'GBP');
    const created = await call('POST', '/api/transactions/create', c.cookie, {
      amount: '25.00',
      currency: 'BTC',
      walletAddress: BTC,
      txHash: randomBytes(32).toString('hex'),
      serviceName: 'anything the client says',
      quoteId: quote.id,
      itemId: pbx,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      kind: 'purchase',
      serviceName: 'Cloud PBX',
      servicePrice: '25.00 GBP',
      creditAmount: '25.00',
      status: 'pending',
    });
    expect((await call('GET', '/api/orders', c.cookie)).json()).toEqual([]);
    const approved = await call(
      'POST',
      `/api/admin/payments/${created.json().id}/approve`,
      admin,
      {},
    );
    expect(approved.statusCode).toBe(200);
    const [order] = (await call('GET', '/api/orders', c.cookie)).json();
    expect(order).toMatchObject({ name: 'Cloud PBX', paidWith: 'crypto', charged: '25.00' });
    expect(await balance(c.id)).toBe('0.00');
    // A second approval changes nothing.
    const again = await call('POST', `/api/admin/payments/${created.json().id}/approve`, admin, {});
    expect(again.statusCode).toBe(409);
    expect((await call('GET', '/api/orders', c.cookie)).json()).toHaveLength(1);
  });

  it('charges the item its price and leaves an overpayment on the balance', async () => {
    const c = await customer();
    const pbx = await packageId('Cloud PBX'); // £25
    const quote = await quoteFor(c.cookie, '30.00', 'GBP');
    const created = await call('POST', '/api/transactions/create', c.cookie, {
      amount: '30.00',
      currency: 'BTC',
      walletAddress: BTC,
      txHash: randomBytes(32).toString('hex'),
      serviceName: 'Cloud PBX',
      quoteId: quote.id,
      itemId: pbx,
    });
    expect(created.statusCode).toBe(201);
    await call('POST', `/api/admin/payments/${created.json().id}/approve`, admin, {});
    const [order] = (await call('GET', '/api/orders', c.cookie)).json();
    expect(order).toMatchObject({ charged: '25.00', paidWith: 'crypto' });
    expect(await balance(c.id)).toBe('5.00');
  });

  it('credits the balance instead when the item was sold before approval', async () => {
    const [buyer, rival] = [await customer(), await customer()];
    const id = await numberId();
    const item = (await call('GET', `/api/orders/items/${id}`, buyer.cookie)).json();
    const quote = await quoteFor(buyer.cookie, item.price, item.currency);
    const created = await call('POST', '/api/transactions/create', buyer.cookie, {
      amount: item.price,
      currency: 'BTC',
      walletAddress: BTC,
      txHash: randomBytes(32).toString('hex'),
      serviceName: item.name,
      quoteId: quote.id,
      itemId: id,
    });
    expect(created.statusCode).toBe(201);
    await fund(rival.cookie, '200.00');
    expect((await call('POST', '/api/orders', rival.cookie, { itemId: id })).statusCode).toBe(201);

    const approved = await call('POST', `/api/admin/payments/${created.json().id}/approve`, admin, {
      adminNotes: 'Seen on chain',
    });
    expect(approved.json()).toMatchObject({
      status: 'approved',
      // What the admin typed stays as typed; the server's own note is a code.
      adminNotes: 'Seen on chain',
      noteCodes: ['ITEM_UNAVAILABLE_CREDITED'],
    });
    expect(await balance(buyer.id)).toBe(created.json().creditAmount);
    expect((await call('GET', '/api/orders', buyer.cookie)).json()).toEqual([]);
  });
});

describe('what a customer bought, in their language', () => {
  it('names a package in the reader’s language while it is sold under the name bought', async () => {
    const c = await customer();
    await fund(c.cookie, '100');
    const smtp = await packageId('SMTP Basic');
    expect((await call('POST', '/api/orders', c.cookie, { itemId: smtp })).statusCode).toBe(201);
    const trunk = await packageId('Trunk Starter');
    const quote = (
      await call('POST', '/api/payments/quote', c.cookie, {
        amount: '25',
        fiatCurrency: 'GBP',
        currency: 'BTC',
      })
    ).json();
    const bought = await call('POST', '/api/transactions/create', c.cookie, {
      amount: '25',
      currency: 'BTC',
      walletAddress: BTC,
      txHash: randomBytes(32).toString('hex'),
      serviceName: 'Trunk Starter',
      quoteId: quote.id,
      itemId: trunk,
    });
    expect(bought.statusCode).toBe(201);

    const orders = async (lang: string) =>
      (await call('GET', `/api/orders${lang}`, c.cookie))
        .json()
        .map((o: { name: string }) => o.name);
    const payments = async (lang: string) =>
      (await call('GET', `/api/transactions${lang}`, c.cookie))
        .json()
        .map((t: { serviceName: string }) => t.serviceName);
    expect(await orders('?lang=de')).toEqual(['SMTP Basis (SMTP-E-Mail)']);
    expect(await orders('')).toEqual(['SMTP Basic (SMTP Email)']);
    // The purchase is named in German; the top-up keeps its stored name (the page words it).
    expect(await payments('?lang=de')).toEqual(['Trunk Einsteiger (SIP-Trunking)', 'Add Funds']);

    // Renamed since, the package no longer is what was bought: the name as bought.
    await ctx.database.db.execute(
      sql`update packages set name = 'SMTP Starter' where id = ${smtp}`,
    );
    expect(await orders('?lang=de')).toEqual(['SMTP Basic (SMTP Email)']);
    await ctx.database.db.execute(sql`update packages set name = 'SMTP Basic' where id = ${smtp}`);
  });
});
