import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  createTestApp,
  fundedCustomer,
  queryRows,
  send,
  solveSecurityCheck,
} from '../../test/helpers.js';
import { keysOf, sampleOf, stringPaths, withValueAt } from '../../test/zod-fields.js';
import { seedCatalogueOnce } from '../modules/catalogue/catalogue-seed.repo.js';

const UK = '+447400123456';
const BTC = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
/** NUL on every field, and another control character in turn: C0, DEL and C1. */
const OTHERS = ['\u0007', '\u001b', '\u007f', '\u0085', '\u009b', '\u000b', '\ud800'];

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let customer: string;
const ids: Record<string, string> = {};
let examples: Record<string, unknown>;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedCatalogueOnce(ctx.database.db);
  admin = await adminSession(ctx, 'guard-admin@example.com');
  customer = (await fundedCustomer(ctx.app, ctx.database, '20')).cookie;
  const wallet = await send(ctx.app, 'POST', '/api/admin/crypto-wallets', admin, {
    currency: 'BTC',
    network: 'bitcoin',
    address: BTC,
  });
  ids['crypto-wallets'] = wallet.json().id;
  for (const resource of ['services', 'packages', 'country-pricing', 'sip-domains', 'numbers']) {
    const list = await send(ctx.app, 'GET', `/api/admin/${resource}`, admin);
    ids[resource] = list.json()[0]?.id ?? randomUUID();
  }
  const altcha = await solveSecurityCheck(ctx.app);
  const sms = { senderId: 'Parley', recipient: UK, message: 'Hello' };
  // Valid requests, so that without the guard each would be written (or fail in the database).
  examples = {
    'POST /api/auth/signup': {
      name: 'Ada Lovelace',
      email: 'ada-guard@example.com',
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
      contactMethod: 'telegram',
      contactValue: '@ada',
      altcha,
    },
    'POST /api/auth/login': { email: 'guard-admin@example.com', password: 'x', altcha },
    'POST /api/admin/login': { email: 'guard-admin@example.com', password: 'x' },
    'PUT /api/sip-trunk/settings': {
      authMethod: 'ip',
      concurrentCalls: 2,
      codec: 'g711',
      allowedIps: ['8.8.8.8'],
    },
    'POST /api/payments/quote': { amount: '150.00', currency: 'BTC', network: 'bitcoin' },
    'POST /api/transactions/create': {
      amount: '150.00',
      currency: 'BTC',
      walletAddress: BTC,
      serviceName: 'Add Funds',
      servicePrice: '150.00',
      txHash: 'b'.repeat(64),
    },
    'POST /api/orders': { itemId: ids.packages, orderId: randomUUID() },
    'POST /api/sms/quote': sms,
    'POST /api/sms/send': sms,
    'POST /api/sms/bulk/preview': { senderId: 'Parley', message: 'Hello', file: `${UK}\n` },
    'POST /api/sms/bulk/send': { senderId: 'Parley', message: 'Hello', recipients: [UK] },
    'POST /api/admin/crypto-wallets': {
      currency: 'BTC',
      network: 'bitcoin',
      address: BTC,
      description: 'Cold wallet',
    },
    'POST /api/admin/services': { name: 'Fax', slug: 'fax', icon: 'printer', description: 'd' },
    'POST /api/admin/packages': {
      serviceId: ids.services,
      name: 'Fax Pro',
      description: 'Many pages',
      price: '5.00',
      features: ['100 pages'],
    },
    'POST /api/admin/country-pricing': {
      countryName: 'Atlantis',
      countryCode: 'QA',
      region: 'Europe',
      smsPrice: '0.0100',
      voipPrice: '0.0100',
      didPrice: '1.00',
      sipTrunkPrice: '1.00',
    },
    'POST /api/admin/sip-domains': { domain: 'guard.example.com', price: '10.00' },
    'POST /api/admin/numbers': {
      number: '+442079460999',
      countryCode: 'GB',
      city: 'London',
      type: 'local',
      monthlyPrice: '1.00',
      features: ['SMS'],
    },
    'PUT /api/admin/rates/:base/:quote': { rate: '0.8' },
  };
});
afterAll(() => ctx.close());

/**
 * What every table holds: its row count and a digest of its rows. A refused request
 * writes nothing anywhere (sessions only slide their expiry, so they are counted;
 * request counters of rate limits, which count before any input is read, are not data).
 */
async function tableStates(): Promise<Record<string, string>> {
  const tables = await queryRows<{ t: string }>(
    ctx.database,
    sql`select table_name as t from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const query = tables
    .filter(({ t }) => !/rate_limit|limit_counter/.test(t))
    .map(({ t }) =>
      t === 'sessions'
        ? `select '${t}' as t, count(*)::text as s from "${t}"`
        : `select '${t}' as t, count(*) || ':' || md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as s from "${t}" x`,
    )
    .join(' union all ');
  const rows = await queryRows<{ t: string; s: string }>(ctx.database, sql.raw(query));
  return Object.fromEntries(rows.map((r) => [r.t, r.s]));
}

const sessionFor = (url: string) => (url.startsWith('/api/admin/') ? admin : customer);
/** A path with its parameters filled in: the resource's id, or a real currency pair. */
function urlOf(url: string, replace?: [string, string]): string {
  return url.replace(/:(\w+)/g, (_, name: string) => {
    if (replace?.[0] === name) return encodeURIComponent(replace[1]);
    if (name === 'base') return 'USD';
    if (name === 'quote') return 'GBP';
    return ids[url.split('/')[3] ?? ''] ?? randomUUID();
  });
}

interface Case {
  name: string;
  method: string;
  url: string;
  payload?: unknown;
  contentType?: string;
  field: string;
}

/** Every free-text field of every route, with NUL and with another control character. */
function cases(): Case[] {
  const out: Case[] = [];
  let turn = 0;
  const bad = () => ['\u0000', OTHERS[turn++ % OTHERS.length] as string];
  // A lone surrogate cannot be written in a URL or a text body (neither is JSON, and
  // UTF-8 cannot carry one): those take C1's NEL.
  const inUrl = () => bad().map((c) => (c === '\ud800' ? '\u0085' : c));
  const routes = ctx.app.registeredRoutes.filter(
    (r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.method !== 'OPTIONS',
  );
  for (const { method, url, schema } of routes) {
    const key = `${method} ${url}`;
    for (const name of keysOf(schema?.params))
      for (const c of inUrl())
        out.push({ name: key, method, url: urlOf(url, [name, `a${c}b`]), field: `params.${name}` });
    for (const name of keysOf(schema?.querystring))
      for (const c of inUrl()) {
        const query = `${encodeURIComponent(name)}=${encodeURIComponent(`a${c}b`)}`;
        out.push({ name: key, method, url: `${urlOf(url)}?${query}`, field: `query.${name}` });
      }
    if (method === 'GET' || method === 'DELETE') continue;
    // An update takes the same body as the creation: PUT /x/:id as POST /x.
    const sample =
      examples[key] ?? examples[`POST ${url.replace(/\/:id$/, '')}`] ?? sampleOf(schema?.body);
    for (const path of stringPaths(schema?.body))
      for (const c of bad())
        out.push({
          name: key,
          method,
          url: urlOf(url),
          payload: withValueAt(sample, path, `a${c}b`),
          field: ['body', ...path].join('.'),
        });
    // A field the contract does not know is refused too, and a CSV upload's text.
    out.push({
      name: key,
      method,
      url: urlOf(url),
      payload: { ...(sample as object | undefined), note: 'a\u0000b' },
      field: 'body.note',
    });
    // A text body is UTF-8 too: a lone surrogate cannot be sent in it (see inUrl).
    if (url.endsWith('/import'))
      for (const c of inUrl())
        out.push({
          name: key,
          method,
          url: urlOf(url),
          payload: `number,countryCode,type,monthlyPrice\n+442079460998,GB,local,1${c}.00\n`,
          contentType: 'text/csv',
          field: 'body',
        });
  }
  return out;
}

describe('control characters', () => {
  it('are refused in every field of every route with 400 naming the field, writing nothing', async () => {
    const all = cases();
    // The walk found the fields that matter (a guard against walking nothing).
    for (const field of [
      'body.message',
      'body.name',
      'body.email',
      'query.q',
      'params.id',
      'body.translations.es.description',
      'body.translations.es.features.0',
    ])
      expect(all.map((c) => c.field)).toContain(field);
    const before = await tableStates();
    const failures: string[] = [];
    for (const c of all) {
      const res = await ctx.app.inject({
        method: c.method as 'POST',
        url: c.url,
        headers: {
          cookie: sessionFor(c.url),
          ...(c.contentType ? { 'content-type': c.contentType } : {}),
        },
        ...(c.payload === undefined
          ? {}
          : { payload: typeof c.payload === 'string' ? c.payload : (c.payload as object) }),
      });
      const error = res.statusCode === 400 ? res.json().error : null;
      const paths = (error?.fields ?? []).map((f: { path: string }) => f.path);
      if (error?.code !== 'VALIDATION_FAILED' || paths.join() !== c.field)
        failures.push(`${c.name} ${c.field}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
    expect(await tableStates()).toEqual(before);
  });

  it('TAB, LF and CR are text in multi-line fields but refused in single-line ones', async () => {
    const send2 = (url: string, payload: object) => send(ctx.app, 'POST', url, customer, payload);
    const sms = { senderId: 'Parley', recipient: UK };
    const multi = await send2('/api/sms/send', { ...sms, message: 'Line one\r\nLine\ttwo' });
    expect(multi.statusCode).toBe(201);
    expect(multi.json().message).toBe('Line one\r\nLine\ttwo');
    for (const [field, payload] of [
      ['body.senderId', { ...sms, senderId: 'Par\tley', message: 'Hi' }],
      ['body.recipient', { ...sms, recipient: '+44740\n0123456', message: 'Hi' }],
    ] as const) {
      const res = await send2('/api/sms/quote', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields[0].path).toBe(field);
    }
    const name = await send(ctx.app, 'POST', '/api/admin/services', admin, {
      name: 'Two\nlines',
      slug: 'two-lines',
      icon: 'phone',
    });
    expect(name.statusCode).toBe(400);
    expect(name.json().error.fields).toEqual([
      {
        path: 'body.name',
        code: 'NOT_ONE_LINE',
        params: {},
        message: 'Service name must be one line without control characters',
      },
    ]);
  });
});
