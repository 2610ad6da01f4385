import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  createTestApp,
  fundedCustomer,
  type Method,
  send,
  until,
} from '../../../test/helpers.js';
import { twoInstances } from '../../../test/two-instances.js';
import { createEventBus, type DomainEvent, type EventBus } from '../../lib/event-bus.js';
import { seedCatalogueOnce } from './catalogue-seed.repo.js';

const UK = '+447400123456';
const message = { senderId: 'Parley', recipient: UK, message: 'Hello' };

/**
 * A bus whose events come back only when the test says so: the stored bus hands an event
 * back after its NOTIFY, which may be after the next request. Nothing may wait for it.
 */
function lateBus(): EventBus & { flush(): void } {
  const bus = createEventBus();
  const held: DomainEvent[] = [];
  return {
    ...bus,
    publish: (event) => {
      held.push(event);
    },
    flush: () => {
      for (const event of held.splice(0)) bus.deliver(event);
    },
  };
}

type Quotes = { sms: string; voice: string };
async function quotes(app: Parameters<typeof send>[0], cookie: string): Promise<Quotes> {
  const sms = await send(app, 'POST', '/api/sms/quote', cookie, message);
  const voice = await send(
    app,
    'GET',
    `/api/sip/quote?destination=${encodeURIComponent(UK)}`,
    cookie,
  );
  expect(sms.statusCode).toBe(200);
  expect(voice.statusCode).toBe(200);
  return { sms: sms.json().price, voice: voice.json().ratePerMinute };
}

/** The GB row as an admin edits it, with new SMS and VoIP prices. */
async function gbWith(
  app: Parameters<typeof send>[0],
  admin: string,
  prices: { smsPrice: string; voipPrice: string },
) {
  const rows = (await send(app, 'GET', '/api/admin/country-pricing', admin)).json();
  const {
    id,
    currency: _c,
    ...gb
  } = rows.find((r: { countryCode: string }) => r.countryCode === 'GB');
  return { id: id as string, body: { ...gb, ...prices } };
}

describe('a price change on the instance that made it', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  const bus = lateBus();
  let admin: string;
  const call = (method: Method, url: string, cookie: string, payload?: unknown) =>
    send(ctx.app, method, url, cookie, payload);

  beforeAll(async () => {
    ctx = await createTestApp({}, { events: bus });
    await seedCatalogueOnce(ctx.database.db);
    await ctx.app.ready();
    admin = await adminSession(ctx, 'price-admin@example.com');
  });
  afterAll(() => ctx.close());

  it('shows in the next quote, without waiting for the bus', async () => {
    const { cookie } = await fundedCustomer(ctx.app, ctx.database, '10');
    const before = await quotes(ctx.app, cookie);
    const gb = await gbWith(ctx.app, admin, { smsPrice: '0.1000', voipPrice: '0.1000' });
    expect(
      (await call('PUT', `/api/admin/country-pricing/${gb.id}`, admin, gb.body)).statusCode,
    ).toBe(200);
    // 0.1000 USD at 0.79 GBP per USD.
    const after = await quotes(ctx.app, cookie);
    expect(after).toEqual({ sms: '0.079', voice: '0.079' });
    expect(after).not.toEqual(before);
  });

  it('shows a CSV import in the next quote too', async () => {
    const { cookie } = await fundedCustomer(ctx.app, ctx.database, '10');
    await quotes(ctx.app, cookie);
    const csv = [
      'countryName,countryCode,region,smsPrice,voipPrice,didPrice,sipTrunkPrice,currency,isActive',
      'United Kingdom,GB,Europe,0.2000,0.3000,1.00,10.00,USD,true',
    ].join('\n');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/country-pricing/import?commit=true',
      headers: { cookie: admin, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(res.statusCode).toBe(200);
    expect(await quotes(ctx.app, cookie)).toEqual({ sms: '0.158', voice: '0.237' });
  });

  it('shows an exchange rate change in the next quote', async () => {
    const { cookie } = await fundedCustomer(ctx.app, ctx.database, '10');
    await quotes(ctx.app, cookie);
    const res = await call('PUT', '/api/admin/rates/USD/GBP', admin, { rate: '0.5' });
    expect(res.statusCode).toBe(200);
    // 0.2000 and 0.3000 USD at 0.5.
    expect(await quotes(ctx.app, cookie)).toEqual({ sms: '0.10', voice: '0.15' });
    bus.flush();
  });
});

describe('a price change seen by another instance', () => {
  it('reaches its quotes through the bus, within the cache lifetime at worst', async () => {
    const pair = await twoInstances({}, { prepare: (db) => seedCatalogueOnce(db.db) });
    try {
      const [a, b] = [pair.at(0), pair.at(1)];
      const admin = await adminSession(
        { app: a, database: pair.database },
        'pair-admin@example.com',
      );
      const { cookie } = await fundedCustomer(b, pair.database, '10');
      await quotes(b, cookie);
      const gb = await gbWith(a, admin, { smsPrice: '0.1000', voipPrice: '0.1000' });
      await send(a, 'PUT', `/api/admin/country-pricing/${gb.id}`, admin, gb.body);
      const seen = await until(
        () => quotes(b, cookie),
        (q) => q.sms === '0.079' && q.voice === '0.079',
        6000,
      );
      expect(seen).toEqual({ sms: '0.079', voice: '0.079' });
    } finally {
      await pair.close();
    }
  });
});
