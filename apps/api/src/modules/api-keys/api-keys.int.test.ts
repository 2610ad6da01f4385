import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import {
  adminSession,
  fundedCustomer,
  type Method,
  queryRows,
  send,
  until,
} from '../../../test/helpers.js';
import { createSandboxGateway } from '../../integrations/sms/sandbox.js';

const UK = '+447400123456';
const SMS = { senderId: 'Parley', recipient: UK, message: 'Hello from code' };
let admin: string;

const ctx = useTestApp({
  deps: () => ({ sms: { gateway: createSandboxGateway({ delayMs: 30 }), pollMs: 50 } }),
  seedCatalogue: true,
  ready: true,
});
beforeAll(async () => {
  admin = await adminSession(ctx, 'keys-admin@example.com');
});

const call = (method: Method, url: string, cookie: string | null, payload?: unknown) =>
  send(ctx.app, method, url, cookie, payload);
/** A request with the key alone (no cookie), as a customer's system sends it. */
const withKey = (method: Method, url: string, key: string, payload?: unknown, extra = {}) =>
  ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}`, ...extra },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function newKey(cookie: string, scopes: string[], extra: object = {}) {
  const res = await call('POST', '/api/account/api-keys', cookie, { name: 'CI', scopes, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; secret: string; prefix: string };
}

describe('creating a key', () => {
  it('answers the secret once, stores only its hash, and lists it without the secret', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '0');
    const key = await newKey(c.cookie, ['sms:send', 'sms:read', 'sms:send']);
    expect(key.secret).toMatch(/^prl_live_[0-9A-Za-z]{43}$/);
    expect(key.prefix).toBe(key.secret.slice(0, 13));
    const stored = await queryRows<{ h: string; s: string }>(
      ctx.database,
      sql`select token_hash as h, array_to_string(scopes, ',') as s from api_keys where id = ${key.id}`,
    );
    expect(stored[0]?.h).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.s).toBe('sms:send,sms:read');
    const list = await call('GET', '/api/account/api-keys', c.cookie);
    expect(list.json()).toEqual([
      expect.objectContaining({ id: key.id, name: 'CI', scopes: ['sms:send', 'sms:read'] }),
    ]);
    expect(list.body).not.toContain(key.secret);
  });

  it('refuses an unknown scope, no scope, a bad name and a past expiry with 400', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '0');
    const bad = [
      { name: 'CI', scopes: ['admin'] },
      { name: 'CI', scopes: [] },
      { name: '', scopes: ['sms:send'] },
      { name: 'a\nb', scopes: ['sms:send'] },
      { name: 'x'.repeat(61), scopes: ['sms:send'] },
      { name: 'CI', scopes: ['sms:send'], expiresAt: '2020-01-01T00:00:00Z' },
      { name: 'CI', scopes: ['sms:send'], expiresAt: 'tomorrow' },
    ];
    for (const body of bad) {
      const res = await call('POST', '/api/account/api-keys', c.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await call('GET', '/api/account/api-keys', c.cookie)).json()).toEqual([]);
  });

  it('allows 20 live keys per customer, even asked for at once', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '0');
    const answers = await Promise.all(
      Array.from({ length: 22 }, () =>
        call('POST', '/api/account/api-keys', c.cookie, { name: 'CI', scopes: ['sms:read'] }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((s) => s === 201)).toHaveLength(20);
    expect(answers.find((a) => a.statusCode === 409)?.json().error.code).toBe('API_KEY_LIMIT');
  });
});

describe('a request with a key', () => {
  it('sends an SMS with sms:send, through the same route, without a cookie or CSRF check', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '5');
    const key = await newKey(c.cookie, ['sms:send', 'sms:read']);
    const res = await withKey('POST', '/api/sms/send', key.secret, SMS, {
      origin: 'https://elsewhere.example',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['set-cookie']).toBeUndefined();
    const id = res.json().id as string;
    const status = await until(
      async () =>
        (
          await queryRows<{ s: string }>(
            ctx.database,
            sql`select status as s from sms_messages where id = ${id}`,
          )
        )[0]?.s,
      (s) => s === 'delivered',
    );
    expect(status).toBe('delivered');
    const history = await withKey('GET', '/api/sms/history', key.secret);
    expect(history.statusCode).toBe(200);
  });

  it('answers 403 API_KEY_SCOPE without the scope, and writes nothing', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '5');
    const key = await newKey(c.cookie, ['sms:read']);
    const res = await withKey('POST', '/api/sms/send', key.secret, SMS);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'API_KEY_SCOPE',
      params: { scope: 'sms:send' },
    });
    const sent = await queryRows<{ n: number }>(
      ctx.database,
      sql`select count(*)::int as n from sms_messages where user_id = ${c.id}`,
    );
    expect(sent[0]?.n).toBe(0);
  });

  it('never reaches admin routes, even an admin’s key', async () => {
    const key = await newKey(admin, ['balance:read', 'payments:read']);
    for (const url of ['/api/admin/users', '/api/admin/payments', '/api/admin/audit']) {
      const res = await withKey('GET', url, key.secret);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('API_KEY_NOT_ALLOWED');
    }
  });

  it('never reaches account security, whatever the cookie beside it', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '0');
    const key = await newKey(c.cookie, ['sms:send', 'balance:read', 'webhooks:manage']);
    const cases: [Method, string, unknown][] = [
      [
        'POST',
        '/api/auth/password',
        { currentPassword: 'x', newPassword: 'y', confirmPassword: 'y' },
      ],
      ['POST', '/api/auth/logout-everywhere', {}],
      ['GET', '/api/account/api-keys', undefined],
      ['POST', '/api/account/api-keys', { name: 'More', scopes: ['sms:send'] }],
      ['DELETE', `/api/account/api-keys/${key.id}`, undefined],
      ['PUT', '/api/account/guardrails', {}],
      ['POST', '/api/auth/login', {}],
      ['GET', '/api/events', undefined],
    ];
    for (const [method, url, body] of cases) {
      const res = await withKey(method, url, key.secret, body, { cookie: c.cookie });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.code).toBe('API_KEY_NOT_ALLOWED');
    }
  });

  it('answers 401 API_KEY_INVALID alike for unknown, malformed, expired and revoked keys', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '0');
    const expired = await newKey(c.cookie, ['balance:read'], {
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await withKey('GET', '/api/ledger', expired.secret)).statusCode).toBe(200);
    await ctx.database.db.execute(
      sql`update api_keys set expires_at = now() - interval '1 second' where id = ${expired.id}`,
    );
    const revoked = await newKey(c.cookie, ['balance:read']);
    expect((await call('DELETE', `/api/account/api-keys/${revoked.id}`, c.cookie)).statusCode).toBe(
      204,
    );
    const unknown = `prl_live_${'A'.repeat(43)}`;
    for (const secret of [expired.secret, revoked.secret, unknown, 'prl_live_short']) {
      const res = await withKey('GET', '/api/ledger', secret, undefined, { cookie: c.cookie });
      expect(res.statusCode, secret).toBe(401);
      expect(res.json().error).toMatchObject({
        code: 'API_KEY_INVALID',
        message: 'The API key is unknown, expired or revoked.',
      });
    }
  });

  it('records its last use (time and address) at most once a minute', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '0');
    const key = await newKey(c.cookie, ['balance:read']);
    await withKey('GET', '/api/ledger', key.secret);
    const [first] = (await call('GET', '/api/account/api-keys', c.cookie)).json();
    expect(first).toMatchObject({ lastUsedIp: '127.0.0.1', lastUsedAt: expect.any(String) });
    await withKey('GET', '/api/ledger', key.secret);
    const [second] = (await call('GET', '/api/account/api-keys', c.cookie)).json();
    expect(second.lastUsedAt).toBe(first.lastUsedAt);
  });

  it('cannot revoke another customer’s key', async () => {
    const owner = await fundedCustomer(ctx.app, ctx.database, '0');
    const other = await fundedCustomer(ctx.app, ctx.database, '0');
    const key = await newKey(owner.cookie, ['balance:read']);
    const res = await call('DELETE', `/api/account/api-keys/${key.id}`, other.cookie);
    expect(res.statusCode).toBe(404);
    expect((await withKey('GET', '/api/ledger', key.secret)).statusCode).toBe(200);
  });
});

describe('admins', () => {
  it('see a customer’s keys and revoke one, both in the audit log', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '0');
    const key = await newKey(c.cookie, ['calls:read']);
    const list = await call('GET', `/api/admin/users/${c.id}/api-keys`, admin);
    expect(list.json()).toEqual([
      expect.objectContaining({ id: key.id, prefix: key.prefix, scopes: ['calls:read'] }),
    ]);
    expect((await call('DELETE', `/api/admin/api-keys/${key.id}`, admin)).statusCode).toBe(204);
    expect((await withKey('GET', '/api/sip/history', key.secret)).statusCode).toBe(401);
    expect((await call('GET', `/api/admin/users/${c.id}/api-keys`, admin)).json()).toEqual([]);
    const audit = await queryRows<{ action: string }>(
      ctx.database,
      sql`select action from audit_log where target_id = ${key.id} order by created_at`,
    );
    expect(audit.map((a) => a.action)).toEqual(['api_key.create', 'api_key.admin_revoke']);
  });
});
