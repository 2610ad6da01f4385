import { multiply } from '@parley/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { adminSession, queryRows, send } from '../../../test/helpers.js';

let admin: string;
const ctx = useTestApp({ seedCatalogue: true });
beforeAll(async () => {
  admin = await adminSession(ctx, 'gbp-prices-admin@example.com');
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const setUsdRate = async (rate: string) =>
  expect((await send(ctx.app, 'PUT', '/api/admin/rates/USD/GBP', admin, { rate })).statusCode).toBe(
    200,
  );
const ageUsdRate = (age: string) =>
  queryRows(
    ctx.database,
    sql`update exchange_rates set updated_at = now() - ${age}::interval
      where (base = 'USD' and quote = 'GBP') or (base = 'GBP' and quote = 'USD')`,
  );

interface PackageOut {
  name: string;
  price: string;
  currency: string;
  balancePrice: string | null;
}
interface NumberOut {
  monthlyPrice: string;
  setupPrice: string;
  currency: string;
  balanceMonthlyPrice: string | null;
  balanceSetupPrice: string | null;
}
const packages = async () => (await get('/api/packages')).json() as PackageOut[];
const byName = async (name: string) =>
  (await packages()).find((p) => p.name === name) as PackageOut;
const numbers = async () => (await get('/api/numbers?pageSize=20')).json().items as NumberOut[];

describe('catalogue prices with their GBP amount (what the balance pays today)', () => {
  it('gives a USD package its GBP price at today’s rate, rounded to the penny as a purchase is', async () => {
    await setUsdRate('0.79');
    expect(await byName('SMTP Basic')).toMatchObject({
      price: '9.00',
      currency: 'USD',
      balancePrice: '7.11',
    });
    // A GBP package costs the balance its own price.
    expect(await byName('Starter')).toMatchObject({
      price: '99.00',
      currency: 'GBP',
      balancePrice: '99.00',
    });
    // The same GBP amount the payment page shows and the purchase charges.
    const id = (
      await queryRows<{ id: string }>(
        ctx.database,
        sql`select id from packages where name = 'SMTP Basic'`,
      )
    )[0]?.id;
    const cookie = admin;
    const item = (await send(ctx.app, 'GET', `/api/orders/items/${id}`, cookie)).json();
    expect(item.balancePrice).toBe('7.11');
  });

  it('gives each number its monthly price and setup fee in GBP, exactly', async () => {
    const list = await numbers();
    expect(list.length).toBeGreaterThan(0);
    for (const n of list) {
      expect(n.currency).toBe('USD');
      expect(n.balanceMonthlyPrice).toBe(multiply(n.monthlyPrice, '0.79', 2, 'half-up'));
      expect(n.balanceSetupPrice).toBe(multiply(n.setupPrice, '0.79', 2, 'half-up'));
    }
  });

  it('follows a rate change at once', async () => {
    await setUsdRate('0.5');
    expect((await byName('SMTP Basic')).balancePrice).toBe('4.50');
    const [n] = await numbers();
    expect(n?.balanceMonthlyPrice).toBe(multiply(n?.monthlyPrice ?? '0', '0.5', 2, 'half-up'));
    await setUsdRate('0.79');
  });

  it('leaves the GBP amount out, never a wrong one, while the rate is out of date', async () => {
    await ageUsdRate('400 days');
    try {
      const res = await get('/api/packages');
      expect(res.statusCode).toBe(200);
      const list = res.json() as PackageOut[];
      expect(list.find((p) => p.name === 'SMTP Basic')).toMatchObject({
        price: '9.00',
        balancePrice: null,
      });
      // A GBP price needs no rate.
      expect(list.find((p) => p.name === 'Starter')?.balancePrice).toBe('99.00');
      const page = await get('/api/numbers');
      expect(page.statusCode).toBe(200);
      for (const n of page.json().items as NumberOut[]) {
        expect(n.balanceMonthlyPrice).toBeNull();
        expect(n.balanceSetupPrice).toBeNull();
      }
    } finally {
      await setUsdRate('0.79');
    }
  });

  it('gives a SIP domain its GBP price, and keeps the admin lists as they were', async () => {
    const [usd] = await queryRows<{ domain: string }>(
      ctx.database,
      sql`update sip_domains set currency = 'USD', price = '10.00'
        where id = (select id from sip_domains where is_active order by domain limit 1)
        returning domain`,
    );
    const domains = (await get('/api/sip-domains')).json() as {
      domain: string;
      price: string;
      currency: string;
      balancePrice: string | null;
    }[];
    expect(domains.find((d) => d.domain === usd?.domain)).toMatchObject({
      price: '10.00',
      currency: 'USD',
      balancePrice: '7.90',
    });
    const gbp = domains.find((d) => d.currency === 'GBP');
    expect(gbp?.balancePrice).toBe(gbp?.price);
    const adminPackages = (await send(ctx.app, 'GET', '/api/admin/packages', admin)).json();
    expect(adminPackages[0]).not.toHaveProperty('balancePrice');
  });
});
