import { REGIONS } from '@parley/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { queryRows } from '../../../test/helpers.js';
import { seedCatalogueOnce } from './catalogue-seed.repo.js';

const ctx = useTestApp({ seedCatalogue: true });

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('the starting catalogue', () => {
  it('is loaded once only', async () => {
    expect(await seedCatalogueOnce(ctx.database.db)).toBe(false);
    const [row] = await queryRows<{ n: number }>(
      ctx.database,
      sql`select count(*)::int as n from services`,
    );
    expect(row?.n).toBe((await get('/api/services')).json().length);
  });

  it('has the services the screens link to', async () => {
    const slugs = (await get('/api/services')).json().map((s: { slug: string }) => s.slug);
    for (const slug of [
      'sms',
      'voip',
      'sip',
      'sip-trunk',
      'did',
      'smtp',
      'data',
      'pbx',
      'call-center',
      'analytics',
    ]) {
      expect(slugs).toContain(slug);
    }
  });

  it('has the three VoIP plans at the spec prices, Professional the most popular', async () => {
    const res = await get('/api/packages?service=voip');
    expect(res.statusCode).toBe(200);
    const plans = res
      .json()
      .map((p: Record<string, unknown>) => [
        p.name,
        p.price,
        p.currency,
        p.billingPeriod,
        p.isPopular,
      ]);
    expect(plans).toEqual([
      ['Starter', '99.00', 'GBP', 'monthly', false],
      ['Professional', '199.00', 'GBP', 'monthly', true],
      ['Enterprise', '499.00', 'GBP', 'monthly', false],
    ]);
  });

  it('separates the trunk tiers from the add-ons sold on top of them', async () => {
    const trunk = (await get('/api/packages?service=sip-trunk')).json() as {
      name: string;
      price: string;
      isAddon: boolean;
    }[];
    expect(trunk.filter((p) => !p.isAddon).map((p) => [p.name, p.price])).toEqual([
      ['Trunk Starter', '25.00'],
      ['Trunk Professional', '75.00'],
      ['Trunk Enterprise', '150.00'],
    ]);
    expect(trunk.filter((p) => p.isAddon).map((p) => [p.name, p.price])).toEqual([
      ['Analytics', '10.00'],
      ['IVR', '15.00'],
      ['Failover', '20.00'],
      ['PBX', '25.00'],
    ]);
  });

  it('prices 60+ countries in all eight regions, as exact decimal strings', async () => {
    const rows = (await get('/api/country-pricing')).json() as {
      region: string;
      smsPrice: string;
      didPrice: string;
    }[];
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(new Set(rows.map((r) => r.region))).toEqual(new Set(REGIONS));
    for (const r of rows) {
      expect(r.smsPrice).toMatch(/^\d+\.\d{4}$/);
      expect(r.didPrice).toMatch(/^\d+\.\d{2}$/);
    }
  });

  it('offers the 17 SIP domains at £400', async () => {
    const domains = (await get('/api/sip-domains')).json() as { price: string; currency: string }[];
    expect(domains).toHaveLength(17);
    expect(new Set(domains.map((d) => `${d.currency} ${d.price}`))).toEqual(
      new Set(['GBP 400.00']),
    );
  });
});

describe('GET /api/coverage', () => {
  it("counts the catalogue's priced countries and the countries with numbers for sale", async () => {
    const [priced] = await queryRows<{ n: number }>(
      ctx.database,
      sql`select count(*)::int as n from country_pricing where is_active`,
    );
    const [numbered] = await queryRows<{ n: number }>(
      ctx.database,
      sql`select count(distinct country_code)::int as n from did_numbers where status = 'available'`,
    );
    const res = await get('/api/coverage');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ countries: priced?.n, numberCountries: numbered?.n });
    expect(priced?.n).toBeGreaterThan(0);
    // A country taken off sale is no longer counted.
    await queryRows(
      ctx.database,
      sql`update country_pricing set is_active = false where id = (select id from country_pricing where is_active limit 1)`,
    );
    expect((await get('/api/coverage')).json().countries).toBe((priced?.n ?? 0) - 1);
  });
});

describe('GET /api/numbers', () => {
  it('filters by country and type, and pages', async () => {
    const res = await get('/api/numbers?country=gb&type=local&pageSize=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.length).toBeLessThanOrEqual(2);
    expect(body.total).toBeGreaterThanOrEqual(body.items.length);
    for (const n of body.items) expect(n).toMatchObject({ countryCode: 'GB', type: 'local' });
  });

  it('matches q against the city, the country code and the digits of the number', async () => {
    const all = (await get('/api/numbers?pageSize=100')).json().items as {
      number: string;
      city: string | null;
    }[];
    const sample = all.find((n) => n.city);
    if (!sample?.city) throw new Error('seed has no city');
    const byCity = (
      await get(`/api/numbers?q=${encodeURIComponent(sample.city.toLowerCase())}`)
    ).json();
    expect(byCity.items.map((n: { number: string }) => n.number)).toContain(sample.number);
    const digits = sample.number.slice(-6);
    const byDigits = (await get(`/api/numbers?q=${digits}`)).json();
    expect(byDigits.items.map((n: { number: string }) => n.number)).toContain(sample.number);
  });

  it('matches an area code right after the dialling code, not anywhere in the number', async () => {
    const numbers = async (query: string) =>
      ((await get(`/api/numbers?pageSize=100&${query}`)).json().items as { number: string }[]).map(
        (n) => n.number,
      );
    // The seed has Berlin +49 30… and Munich +49 89…41872305 (which holds "30" later on).
    const berlin = await numbers('country=DE&areaCode=30');
    expect(berlin).toContain('+493025583741');
    expect(berlin).not.toContain('+498941872305');
    for (const n of berlin) expect(n).toMatch(/^\+4930/);
    expect(await numbers('country=DE&areaCode=89')).toEqual(['+498941872305']);
    // Without a country, any country's dialling code counts: +1 212… but not +49 212….
    const anyCountry = await numbers('areaCode=30');
    expect(anyCountry).toContain('+493025583741');
    expect(anyCountry).not.toContain('+498941872305');
  });

  it.each(['areaCode=3a', 'areaCode=1234567', 'areaCode=%2B49'])(
    'refuses %s with 400 naming areaCode',
    async (query) => {
      const res = await get(`/api/numbers?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields[0].path).toBe('querystring.areaCode');
    },
  );

  it('never lists a number that is reserved or assigned', async () => {
    const first = (await get('/api/numbers?pageSize=1')).json().items[0];
    await ctx.database.db.execute(
      sql`update did_numbers set status = 'reserved' where id = ${first.id}`,
    );
    const after = (await get(`/api/numbers?q=${first.number.slice(1)}`)).json();
    expect(after.items.map((n: { id: string }) => n.id)).not.toContain(first.id);
  });

  it.each([
    '/api/numbers?country=GBR',
    '/api/numbers?type=fax',
    '/api/numbers?pageSize=1000',
    '/api/numbers?page=0',
  ])('refuses %s with 400 naming the field', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[0].path).toMatch(/^querystring\./);
  });

  it('treats LIKE wildcards in q literally', async () => {
    const res = await get('/api/numbers?q=%25');
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(0);
  });
});

describe('inactive items', () => {
  it('are hidden from customers and shown to admins', async () => {
    await ctx.database.db.execute(
      sql`update services set is_active = false where slug = 'analytics'`,
    );
    const slugs = (await get('/api/services')).json().map((s: { slug: string }) => s.slug);
    expect(slugs).not.toContain('analytics');
    const pkgs = (await get('/api/packages?service=analytics')).json();
    expect(pkgs).toEqual([]);
  });
});

describe('GET /api/destinations', () => {
  it('maps a number, with or without +, to its country and active prices', async () => {
    const uk = await get('/api/destinations?number=%2B447400123456');
    expect(uk.statusCode).toBe(200);
    expect(uk.json()).toMatchObject({
      country: 'GB',
      e164: '+447400123456',
      pricing: { countryCode: 'GB', smsPrice: expect.stringMatching(/^\d+\.\d{4}$/) },
    });
    const us = await get('/api/destinations?number=12025550143');
    expect(us.json()).toMatchObject({ country: 'US', pricing: { countryCode: 'US' } });
  });

  it('says a country without prices, or with inactive prices, is not supported', async () => {
    const iceland = await get('/api/destinations?number=%2B3545101234');
    expect(iceland.statusCode).toBe(422);
    expect(iceland.json().error).toMatchObject({
      code: 'DESTINATION_NOT_SUPPORTED',
      message: expect.stringContaining('IS'),
    });
    await ctx.database.db.execute(
      sql`update country_pricing set is_active = false where country_code = 'KE'`,
    );
    const kenya = await get('/api/destinations?number=%2B254712345678');
    expect(kenya.statusCode).toBe(422);
  });

  it('refuses a number that is not one, or is missing', async () => {
    const bogus = await get('/api/destinations?number=%2B1234');
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().error.code).toBe('INVALID_NUMBER');
    for (const url of ['/api/destinations', '/api/destinations?number=abc'])
      expect((await get(url)).json().error.code, url).toBe('VALIDATION_FAILED');
  });
});
