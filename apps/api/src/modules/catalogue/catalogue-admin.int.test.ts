import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, createTestApp, queryRows } from '../../../test/helpers.js';
import { createEventBus, type DomainEvent } from '../../lib/event-bus.js';
import { seedCatalogueOnce } from './catalogue-seed.repo.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
const events: DomainEvent[] = [];

beforeAll(async () => {
  const bus = createEventBus();
  bus.subscribe((e) => events.push(e));
  ctx = await createTestApp({}, { events: bus });
  await seedCatalogueOnce(ctx.database.db);
  cookie = await adminSession(ctx, 'cat-admin@example.com');
});
afterAll(() => ctx.close());

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { cookie }, payload: payload as object });
const count = async (table: string) =>
  (
    await queryRows<{ n: number }>(ctx.database, sql.raw(`select count(*)::int as n from ${table}`))
  )[0]?.n;
const fieldsOf = (res: { json(): { error: { fields?: { path: string; message: string }[] } } }) =>
  Object.fromEntries((res.json().error.fields ?? []).map((f) => [f.path, f.message]));

describe('services', () => {
  const service = {
    name: 'Fax to Email',
    slug: 'fax',
    icon: 'mail',
    description: 'Receive faxes by email.',
  };

  it('are created with their id, listed to customers at once, edited and deleted', async () => {
    const created = await send('POST', '/api/admin/services', service);
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect(created.json()).toMatchObject({ ...service, id: expect.any(String), isActive: true });
    expect(events).toContainEqual({
      type: 'catalogue.changed',
      data: { entity: 'service', action: 'created', id },
    });

    const listed = (await ctx.app.inject({ method: 'GET', url: '/api/services' })).json();
    expect(listed.map((s: { slug: string }) => s.slug)).toContain('fax');

    const edited = await send('PUT', `/api/admin/services/${id}`, { ...service, name: 'Fax' });
    expect(edited.json().name).toBe('Fax');

    expect((await send('DELETE', `/api/admin/services/${id}`)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/admin/services/${id}`)).statusCode).toBe(404);
  });

  it("refuse bad input with the spec's messages and write nothing", async () => {
    const before = await count('services');
    const bad = await send('POST', '/api/admin/services', { name: '', slug: 'Bad Slug', icon: '' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toMatchObject({
      'body.name': 'Service name is required',
      'body.slug': 'Invalid slug format',
      'body.icon': 'Icon is required',
    });
    const missing = await send('POST', '/api/admin/services', { icon: 'mail' });
    expect(fieldsOf(missing)).toMatchObject({
      'body.name': 'Service name is required',
      'body.slug': 'Slug is required',
    });
    expect(await count('services')).toBe(before);
  });

  it('refuse a duplicate slug with 409', async () => {
    const res = await send('POST', '/api/admin/services', { ...service, slug: 'sms' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('A service with this slug already exists');
  });

  it('cannot be deleted while they have packages', async () => {
    const [sms] = await queryRows<{ id: string }>(
      ctx.database,
      sql`select id from services where slug = 'sms'`,
    );
    const res = await send('DELETE', `/api/admin/services/${sms?.id}`);
    expect(res.statusCode).toBe(409);
  });
});

describe('packages', () => {
  let serviceId: string;
  beforeAll(async () => {
    const [voip] = await queryRows<{ id: string }>(
      ctx.database,
      sql`select id from services where slug = 'voip'`,
    );
    serviceId = voip?.id ?? '';
  });

  it.each([
    [{ price: '' }, 'Price is required'],
    [{ price: '-1' }, 'Price must be a non-negative number with at most 2 decimals'],
    [{ price: 'abc' }, 'Price must be a non-negative number with at most 2 decimals'],
    [{ price: '1.005' }, 'Price must be a non-negative number with at most 2 decimals'],
  ])('refuse %j', async (patch, message) => {
    const res = await send('POST', '/api/admin/packages', { serviceId, name: 'Bad', ...patch });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)['body.price']).toBe(message);
  });

  it('need a real service', async () => {
    const none = await send('POST', '/api/admin/packages', { name: 'X', price: '1.00' });
    expect(fieldsOf(none)['body.serviceId']).toBe('Service is required');
    const unknown = await send('POST', '/api/admin/packages', {
      serviceId: '00000000-0000-4000-8000-000000000000',
      name: 'X',
      price: '1.00',
    });
    expect(unknown.statusCode).toBe(400);
    expect(fieldsOf(unknown)['body.serviceId']).toBe('No such service');
  });

  it('keep being an add-on through an edit', async () => {
    const body = { serviceId, name: 'Fax relay', price: '5.00', isAddon: true };
    const created = await send('POST', '/api/admin/packages', body);
    expect(created.json()).toMatchObject({ isAddon: true, isPopular: false });
    const { id } = created.json();
    const edited = await send('PUT', `/api/admin/packages/${id}`, { ...body, price: '6.00' });
    expect(edited.json()).toMatchObject({ isAddon: true, price: '6.00' });
    const listed = (await ctx.app.inject({ method: 'GET', url: '/api/packages?service=voip' }))
      .json()
      .find((p: { id: string }) => p.id === id);
    expect(listed).toMatchObject({ isAddon: true, price: '6.00' });
    await send('DELETE', `/api/admin/packages/${id}`);
  });

  it('are created, and an edit really changes what customers see', async () => {
    const created = await send('POST', '/api/admin/packages', {
      serviceId,
      name: 'Business',
      price: '299.00',
      features: ['3000 minutes'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      serviceSlug: 'voip',
      currency: 'GBP',
      billingPeriod: 'monthly',
    });
    const edited = await send('PUT', `/api/admin/packages/${created.json().id}`, {
      serviceId,
      name: 'Business',
      price: '249.50',
      features: ['3000 minutes'],
    });
    expect(edited.statusCode).toBe(200);
    const plans = (
      await ctx.app.inject({ method: 'GET', url: '/api/packages?service=voip' })
    ).json();
    expect(plans.find((p: { name: string }) => p.name === 'Business')?.price).toBe('249.50');
  });
});

describe('country pricing', () => {
  const row = {
    countryName: 'Atlantis',
    countryCode: 'aq',
    region: 'Oceania',
    smsPrice: '0.0450',
    voipPrice: '0.1200',
    didPrice: '5.00',
    sipTrunkPrice: '30.00',
  };

  it("names each missing field with the spec's message", async () => {
    const res = await send('POST', '/api/admin/country-pricing', {});
    expect(fieldsOf(res)).toMatchObject({
      'body.countryName': 'Country name is required',
      'body.region': 'Region is required',
      'body.smsPrice': 'SMS price is required',
      'body.voipPrice': 'VoIP price is required',
      'body.didPrice': 'DID price is required',
      'body.sipTrunkPrice': 'SIP Trunk price is required',
    });
  });

  it('creates, refuses a duplicate, updates and deletes, announcing each change', async () => {
    const created = await send('POST', '/api/admin/country-pricing', row);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      countryCode: 'AQ',
      currency: 'USD',
      smsPrice: '0.0450',
    });
    expect((await send('POST', '/api/admin/country-pricing', row)).statusCode).toBe(409);
    const id = created.json().id;
    const updated = await send('PUT', `/api/admin/country-pricing/${id}`, {
      ...row,
      smsPrice: '0.0500',
    });
    expect(updated.json().smsPrice).toBe('0.0500');
    expect((await send('DELETE', `/api/admin/country-pricing/${id}`)).statusCode).toBe(204);
    const actions = events
      .filter((e) => e.type === 'catalogue.changed' && e.data.id === id)
      .map((e) => (e.type === 'catalogue.changed' ? e.data.action : ''));
    expect(actions).toEqual(['created', 'updated', 'deleted']);
  });
});

describe('SIP domains and numbers', () => {
  it('create a domain and refuse a malformed one', async () => {
    expect(
      (
        await send('POST', '/api/admin/sip-domains', { domain: 'Voice.Example', price: '400.00' })
      ).json(),
    ).toMatchObject({
      domain: 'voice.example',
      currency: 'GBP',
    });
    expect(
      (await send('POST', '/api/admin/sip-domains', { domain: 'not a domain', price: '1' }))
        .statusCode,
    ).toBe(400);
  });

  it('add a number only when it is valid for its country', async () => {
    const wrong = await send('POST', '/api/admin/numbers', {
      number: '+442079460999',
      countryCode: 'US',
      type: 'local',
      monthlyPrice: '5.00',
    });
    expect(wrong.statusCode).toBe(400);
    expect(fieldsOf(wrong)['body.number']).toBe('Not a valid US number');
    const ok = await send('POST', '/api/admin/numbers', {
      number: '+442079460999',
      countryCode: 'gb',
      city: 'London',
      type: 'local',
      monthlyPrice: '5.00',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ countryCode: 'GB', status: 'available', setupPrice: '0.00' });
    const found = (
      await ctx.app.inject({ method: 'GET', url: '/api/numbers?q=2079460999' })
    ).json();
    expect(found.items.map((n: { number: string }) => n.number)).toContain('+442079460999');
  });
});

describe('country pricing CSV', () => {
  const csv = (text: string, commit = false) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/admin/country-pricing/import${commit ? '?commit=true' : ''}`,
      headers: { cookie, 'content-type': 'text/csv' },
      payload: text,
    });
  const header =
    'countryName,countryCode,region,smsPrice,voipPrice,didPrice,sipTrunkPrice,currency,isActive';

  it('exports every row, and the export previews as updates with no errors', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/country-pricing/export',
      headers: { cookie },
    });
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('country-pricing.csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(header);
    expect(lines.length).toBeGreaterThan(60);
    const preview = (await csv(res.body)).json();
    expect(preview.valid).toBe(true);
    expect(new Set(preview.rows.map((r: { action: string }) => r.action))).toEqual(
      new Set(['update']),
    );
  });

  it('previews per-line errors and writes nothing, even when asked to commit', async () => {
    const before = await count('country_pricing');
    const text = `${header}\nNarnia,NN,Europe,0.0100,0.0200,3.00,20.00,USD,true\nGermany,DE,Europe,-1,0.02,3,20,USD,true\n,,Mars,1,1,1,1,,\n`;
    const preview = (await csv(text)).json();
    expect(preview.valid).toBe(false);
    expect(preview.rows[0]).toMatchObject({ line: 2, action: 'create', errors: [] });
    expect(preview.rows[1]).toMatchObject({
      line: 3,
      action: 'update',
      errors: [
        {
          field: 'smsPrice',
          message: 'SMS price must be a non-negative number with at most 4 decimals',
        },
      ],
    });
    expect(preview.rows[2].errors.map((e: { field: string }) => e.field)).toEqual([
      'countryName',
      'region',
    ]);
    const committed = await csv(text, true);
    expect(committed.statusCode).toBe(400);
    expect(committed.json().error.fields[0].path).toBe('line 3.smsPrice');
    expect(await count('country_pricing')).toBe(before);
  });

  it('commits a valid file: updates existing countries and adds new ones', async () => {
    const before = await count('country_pricing');
    const text = `${header}\nGermany,DE,Europe,0.0612,0.0150,2.50,25.00,USD,true\nNarnia,NN,Europe,0.0100,0.0200,3.00,20.00,USD,false\n`;
    const res = await csv(text, true);
    expect(res.statusCode).toBe(200);
    expect(res.json().committed).toBe(true);
    expect(await count('country_pricing')).toBe((before ?? 0) + 1);
    const rows = (await ctx.app.inject({ method: 'GET', url: '/api/country-pricing' })).json();
    expect(rows.find((r: { countryCode: string }) => r.countryCode === 'DE')?.smsPrice).toBe(
      '0.0612',
    );
    expect(rows.find((r: { countryName: string }) => r.countryName === 'Narnia')).toBeUndefined();
  });

  it('refuses a wrong header, a duplicate line, a broken file and another content type', async () => {
    const wrong = (await csv('name,price\nX,1\n')).json().error;
    expect(wrong.message).toContain('missing columns');
    // Each problem of the file as a whole has a code the dialog translates.
    expect(wrong.fields.map((f: { code: string }) => f.code)).toEqual([
      'CSV_COLUMNS_MISSING',
      'CSV_COLUMNS_UNKNOWN',
    ]);
    expect(wrong.fields[1]).toMatchObject({
      path: 'body.unknownColumns',
      params: { columns: 'name, price' },
    });
    expect((await csv('')).json().error.fields[0].code).toBe('CSV_EMPTY');
    expect((await csv(`${header}\n"Narnia,NN`)).json().error.fields[0].code).toBe(
      'FILE_UNREADABLE',
    );
    const dup = (
      await csv(`${header}\nNarnia,,Europe,1,1,1,1,,\nnarnia,,Europe,1,1,1,1,,\n`)
    ).json();
    expect(dup.rows[1].errors).toEqual([
      {
        field: 'countryName',
        code: 'SAME_AS_LINE',
        params: { line: 2 },
        message: 'Same as line 2',
      },
    ]);
    expect((await csv(`${header}\n"Narnia,NN`)).statusCode).toBe(400);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/country-pricing/import',
      headers: { cookie },
      payload: { csv: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });
});

describe('numbers from CSV', () => {
  const upload = (text: string, commit = false) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/admin/numbers/import${commit ? '?commit=true' : ''}`,
      headers: { cookie, 'content-type': 'text/csv' },
      payload: text,
    });
  const header = 'number,countryCode,city,type,monthlyPrice,setupPrice,features';

  it('previews each line, catching wrong countries, duplicates and numbers already held', async () => {
    const [held] = await queryRows<{ number: string }>(
      ctx.database,
      sql`select number from did_numbers limit 1`,
    );
    const text = [
      header,
      '+442079460777,GB,London,local,4.00,1.00,Voice;SMS',
      '+442079460777,GB,London,local,4.00,1.00,Voice',
      '+442079460778,US,,local,4.00,,',
      `${held?.number},US,,local,4.00,,`,
    ].join('\n');
    const res = (await upload(text)).json();
    expect(res.valid).toBe(false);
    expect(
      res.rows.map((r: { errors: { message: string }[] }) => r.errors.map((e) => e.message)),
    ).toEqual([
      [],
      ['Same as line 2'],
      ['Not a valid US number'],
      expect.arrayContaining(['Already in the inventory']),
    ]);
    expect((await upload(text, true)).statusCode).toBe(400);
    const found = (
      await ctx.app.inject({ method: 'GET', url: '/api/numbers?q=2079460777' })
    ).json();
    expect(found.total).toBe(0);
  });

  it('adds every number of a valid file at once', async () => {
    const text = `${header}\n+442079460781,GB,London,local,4.00,1.00,Voice;SMS\n+442079460782,GB,London,local,4.50,,Voice\n`;
    const res = await upload(text, true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ committed: true, valid: true });
    const found = (await ctx.app.inject({ method: 'GET', url: '/api/numbers?q=20794607' })).json();
    const added = found.items.filter((n: { number: string }) =>
      ['+442079460781', '+442079460782'].includes(n.number),
    );
    expect(added).toHaveLength(2);
    expect(added[0]).toMatchObject({ features: ['Voice', 'SMS'], setupPrice: '1.00' });
  });
});

type Row = {
  action: string;
  target_type: string;
  actor_id: string | null;
  ip: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};
const auditOf = (targetId: string) =>
  queryRows<Row>(
    ctx.database,
    sql`select action, target_type, actor_id, ip, before, after from audit_log
        where target_id = ${targetId} order by created_at, action`,
  );
const adminId = async () =>
  (
    await queryRows<{ id: string }>(
      ctx.database,
      sql`select id from users where email = 'cat-admin@example.com'`,
    )
  )[0]?.id;
const country = {
  countryName: 'Bouvet Island',
  countryCode: 'BV',
  region: 'Africa',
  smsPrice: '0.0450',
  voipPrice: '0.1200',
  didPrice: '5.00',
  sipTrunkPrice: '30.00',
};

describe('price changes in the audit log', () => {
  it('keeps a country price set to 0 and back: who, from where, before and after', async () => {
    const id = (await send('POST', '/api/admin/country-pricing', country)).json().id;
    await send('PUT', `/api/admin/country-pricing/${id}`, { ...country, voipPrice: '0' });
    await send('PUT', `/api/admin/country-pricing/${id}`, country);
    expect((await send('DELETE', `/api/admin/country-pricing/${id}`)).statusCode).toBe(204);
    const rows = await auditOf(id);
    expect(rows.map((r) => r.action)).toEqual([
      'country_pricing.create',
      'country_pricing.update',
      'country_pricing.update',
      'country_pricing.delete',
    ]);
    const [created, toZero, back, deleted] = rows as [Row, Row, Row, Row];
    for (const r of rows)
      expect(r).toMatchObject({
        target_type: 'country_pricing',
        actor_id: await adminId(),
        ip: '127.0.0.1',
      });
    expect(created.before).toBeNull();
    expect(created.after).toMatchObject({ countryName: 'Bouvet Island', voipPrice: '0.1200' });
    expect(toZero.before).toMatchObject({ countryCode: 'BV', voipPrice: '0.1200' });
    expect(toZero.after).toMatchObject({ countryCode: 'BV', voipPrice: '0.0000' });
    expect(back.before).toMatchObject({ voipPrice: '0.0000' });
    expect(back.after).toMatchObject({ voipPrice: '0.1200' });
    expect(deleted.before).toMatchObject({ countryName: 'Bouvet Island' });
    expect(deleted.after).toBeNull();
  });

  it('keeps SIP domain and number changes with their prices', async () => {
    const domain = (
      await send('POST', '/api/admin/sip-domains', { domain: 'audit.example', price: '100.00' })
    ).json().id;
    await send('PUT', `/api/admin/sip-domains/${domain}`, {
      domain: 'audit.example',
      price: '120.00',
    });
    await send('DELETE', `/api/admin/sip-domains/${domain}`);
    const domainRows = await auditOf(domain);
    expect(domainRows.map((r) => [r.action, r.before?.price, r.after?.price])).toEqual([
      ['sip_domain.create', undefined, '100.00'],
      ['sip_domain.update', '100.00', '120.00'],
      ['sip_domain.delete', '120.00', undefined],
    ]);

    const number = {
      number: '+442079460555',
      countryCode: 'GB',
      type: 'local',
      monthlyPrice: '5.00',
    };
    const id = (await send('POST', '/api/admin/numbers', number)).json().id;
    await send('PUT', `/api/admin/numbers/${id}`, { ...number, monthlyPrice: '0' });
    await send('DELETE', `/api/admin/numbers/${id}`);
    const numberRows = await auditOf(id);
    expect(
      numberRows.map((r) => [r.action, r.before?.monthlyPrice, r.after?.monthlyPrice]),
    ).toEqual([
      ['number.create', undefined, '5.00'],
      ['number.update', '5.00', '0.00'],
      ['number.delete', '0.00', undefined],
    ]);
    expect(numberRows[1]).toMatchObject({ target_type: 'number', actor_id: await adminId() });
  });
});

describe('price changes in the audit log', () => {
  it('keeps what a CSV import changed: one row per country added or changed, none for the same', async () => {
    const csv = (text: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/country-pricing/import?commit=true',
        headers: { cookie, 'content-type': 'text/csv' },
        payload: text,
      });
    const kept = (
      await send('POST', '/api/admin/country-pricing', {
        ...country,
        countryName: 'Heard Island',
        countryCode: 'HM',
      })
    ).json();
    const changed = (
      await send('POST', '/api/admin/country-pricing', {
        ...country,
        countryName: 'Norfolk Island',
        countryCode: 'NF',
      })
    ).json();
    const header =
      'countryName,countryCode,region,smsPrice,voipPrice,didPrice,sipTrunkPrice,currency,isActive';
    const res = await csv(
      [
        header,
        'Heard Island,HM,Africa,0.0450,0.1200,5.00,30.00,USD,true',
        'Norfolk Island,NF,Africa,0.0450,0,5.00,30.00,USD,true',
        'Christmas Island,CX,Oceania,0.0300,0.0900,4.00,20.00,USD,true',
      ].join('\n'),
    );
    expect(res.statusCode).toBe(200);
    expect(await auditOf(kept.id)).toHaveLength(1); // its creation only
    const [, imported] = (await auditOf(changed.id)) as [Row, Row];
    expect(imported).toMatchObject({
      action: 'country_pricing.import',
      target_type: 'country_pricing',
      actor_id: await adminId(),
      before: { countryName: 'Norfolk Island', voipPrice: '0.1200' },
      after: { countryName: 'Norfolk Island', voipPrice: '0.0000' },
    });
    const [added] = await queryRows<{ id: string }>(
      ctx.database,
      sql`select id from country_pricing where country_name = 'Christmas Island'`,
    );
    expect(await auditOf(added?.id ?? '')).toMatchObject([
      { action: 'country_pricing.import', before: null, after: { smsPrice: '0.0300' } },
    ]);
  });

  it('keeps each number a CSV import added', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/numbers/import?commit=true',
      headers: { cookie, 'content-type': 'text/csv' },
      payload:
        'number,countryCode,city,type,monthlyPrice,setupPrice,features\n+442079460591,GB,London,local,4.00,1.00,Voice\n',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await queryRows<{ id: string }>(
      ctx.database,
      sql`select id from did_numbers where number = '+442079460591'`,
    );
    expect(await auditOf(row?.id ?? '')).toMatchObject([
      {
        action: 'number.import',
        target_type: 'number',
        before: null,
        after: { number: '+442079460591', monthlyPrice: '4.00', setupPrice: '1.00' },
      },
    ]);
  });
});
