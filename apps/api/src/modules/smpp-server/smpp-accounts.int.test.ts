import { SMPP_ACCOUNTS_MAX } from '@parley/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import {
  adminSession,
  fundedCustomer,
  type Method,
  queryRows,
  send,
} from '../../../test/helpers.js';
import { createDbLimitStore } from '../../db/limit-store.js';
import { smppSessions } from '../../db/schema/index.js';
import { smppAccountsOf } from './smpp-server.setup.js';

const URL = '/api/sms/smpp-accounts';
const GATEWAY = { label: 'Main gateway', allowedIps: [], maxPerSecond: 10 };
let admin: string;

const ctx = useTestApp({
  env: {
    SMPP_MAX_THROUGHPUT: '40',
    SMPP_SERVER_PORT: '2775',
    SMPP_SERVER_PUBLIC_HOST: 'smpp.parley.test',
  },
});
beforeAll(async () => {
  admin = await adminSession(ctx, 'smpp-admin@example.com');
});

const call = (method: Method, url: string, cookie: string | null, payload?: unknown) =>
  send(ctx.app, method, url, cookie, payload);
const withKey = (method: Method, url: string, key: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function created(cookie: string, body: object = GATEWAY) {
  const res = await call('POST', URL, cookie, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; systemId: string; password: string; allowedIps: string[] };
}

/** A session row as the listener of some instance writes it. */
async function liveSession(accountId: string, seenAgoMs = 0) {
  const seenAt = new Date(Date.now() - seenAgoMs);
  const [row] = await ctx.database.db
    .insert(smppSessions)
    .values({
      accountId,
      instanceId: 'other-instance',
      remoteIp: '192.0.2.7',
      bindType: 'transceiver',
      seenAt,
      submitted: 3,
    })
    .returning();
  if (!row) throw new Error('session not written');
  return row.id;
}

const auditRows = (id: string) =>
  queryRows<{ action: string; actor: string | null; after: unknown; before: unknown }>(
    ctx.database,
    sql`select action, actor_id as actor, after, before from audit_log where target_id = ${id} order by created_at`,
  );

describe('a customer’s SMPP accounts', () => {
  it('answers the password once, stores only its hash, lists the account without it', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '0');
    const account = await created(c.cookie, {
      ...GATEWAY,
      allowedIps: ['10.1.2.3/16', '2001:DB8::1'],
    });
    expect(account.systemId).toMatch(/^p[a-z2-7]{7}$/);
    expect(account.password).toHaveLength(8);
    expect(account.allowedIps).toEqual(['10.1.0.0/16', '2001:db8::1']);
    const [stored] = await queryRows<{ h: string }>(
      ctx.database,
      sql`select password_hash as h from smpp_accounts where id = ${account.id}`,
    );
    expect(stored?.h).toMatch(/^\$argon2id\$/);
    const list = await call('GET', URL, c.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      items: [{ id: account.id, systemId: account.systemId, label: 'Main gateway', bound: false }],
      maxPerSecond: 40,
      host: 'smpp.parley.test',
      port: 2775,
      tlsPort: null,
    });
    expect(list.body).not.toContain(account.password);
    expect(list.body).not.toContain('password');
    const audit = await auditRows(account.id);
    expect(audit).toMatchObject([{ action: 'smpp_account.created', actor: c.id }]);
    expect(JSON.stringify(audit)).not.toContain('argon2');
  });

  it('refuses bad input with 400 naming the field, and a throughput over the maximum with 422', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '0');
    const bad: [object, string][] = [
      [{ ...GATEWAY, label: 'a\u0000b' }, 'body.label'],
      [{ ...GATEWAY, label: 'a\u0007b' }, 'body.label'],
      [{ ...GATEWAY, label: 'line\nbreak' }, 'body.label'],
      [{ ...GATEWAY, label: '  ' }, 'body.label'],
      [{ ...GATEWAY, allowedIps: ['300.1.1.1'] }, 'body.allowedIps.0'],
      [{ ...GATEWAY, allowedIps: ['10.0.0.0/33'] }, 'body.allowedIps.0'],
      [{ ...GATEWAY, allowedIps: ['example.com'] }, 'body.allowedIps.0'],
      [{ ...GATEWAY, maxPerSecond: 0 }, 'body.maxPerSecond'],
      [{ ...GATEWAY, maxPerSecond: 1.5 }, 'body.maxPerSecond'],
    ];
    for (const [body, path] of bad) {
      const res = await call('POST', URL, c.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.fields.map((f: { path: string }) => f.path)).toContain(path);
    }
    const over = await call('POST', URL, c.cookie, { ...GATEWAY, maxPerSecond: 41 });
    expect(over.statusCode).toBe(422);
    expect(over.json().error).toMatchObject({
      code: 'SMPP_THROUGHPUT_OVER_MAX',
      fields: [{ path: 'body.maxPerSecond', code: 'TOO_BIG', params: { maximum: 40 } }],
    });
    expect((await call('GET', URL, c.cookie)).json().items).toEqual([]);
  });

  it(`allows ${SMPP_ACCOUNTS_MAX} accounts per customer, even asked for at once`, async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '0');
    const answers = await Promise.all(
      Array.from({ length: SMPP_ACCOUNTS_MAX + 2 }, () => call('POST', URL, c.cookie, GATEWAY)),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(SMPP_ACCOUNTS_MAX);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(refused.map((a) => [a.statusCode, a.json().error.code])).toEqual([
      [409, 'SMPP_ACCOUNT_LIMIT'],
      [409, 'SMPP_ACCOUNT_LIMIT'],
    ]);
  }, 60_000);

  it('removes only the owner’s account: another customer’s is 404, then its sessions go with it', async () => {
    const owner = await fundedCustomer(ctx.app, ctx.database, '0');
    const other = await fundedCustomer(ctx.app, ctx.database, '0');
    const account = await created(owner.cookie);
    const session = await liveSession(account.id);
    const stranger = await call('DELETE', `${URL}/${account.id}`, other.cookie);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.code).toBe('NOT_FOUND');
    expect((await call('DELETE', `${URL}/not-a-uuid`, owner.cookie)).statusCode).toBe(400);
    expect((await call('DELETE', `${URL}/${account.id}`, owner.cookie)).statusCode).toBe(204);
    expect((await call('DELETE', `${URL}/${account.id}`, owner.cookie)).statusCode).toBe(404);
    expect((await call('GET', URL, owner.cookie)).json().items).toEqual([]);
    const left = await queryRows(
      ctx.database,
      sql`select id from smpp_sessions where id = ${session}`,
    );
    expect(left).toEqual([]);
    expect((await auditRows(account.id)).map((r) => r.action)).toEqual([
      'smpp_account.created',
      'smpp_account.removed',
    ]);
  });

  it('lists an account’s live sessions, not ended or stale ones', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '0');
    const account = await created(c.cookie);
    const fresh = await liveSession(account.id);
    await liveSession(account.id, 60_000);
    const ended = await liveSession(account.id);
    await ctx.database.db.execute(
      sql`update smpp_sessions set ended_at = now() where id = ${ended}`,
    );
    const [item] = (await call('GET', URL, c.cookie)).json().items;
    expect(item).toMatchObject({
      bound: true,
      sessions: [
        {
          id: fresh,
          accountId: account.id,
          systemId: account.systemId,
          bindType: 'transceiver',
          remoteIp: '192.0.2.7',
          submitted: 3,
        },
      ],
    });
  });

  it('is reached by an API key with sms:send, and refused without the scope or a session', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '0');
    const keyOf = async (scopes: string[]) =>
      (await call('POST', '/api/account/api-keys', c.cookie, { name: 'CI', scopes })).json()
        .secret as string;
    const sending = await keyOf(['sms:send']);
    const reading = await keyOf(['sms:read']);
    const made = await withKey('POST', URL, sending, GATEWAY);
    expect(made.statusCode, made.body).toBe(201);
    expect((await withKey('GET', URL, sending)).json().items).toHaveLength(1);
    for (const [method, url] of [
      ['GET', URL],
      ['POST', URL],
      ['DELETE', `${URL}/${made.json().id}`],
    ] as const) {
      const res = await withKey(method, url, reading, method === 'POST' ? GATEWAY : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.code).toBe('API_KEY_SCOPE');
    }
    expect((await call('GET', URL, null)).statusCode).toBe(401);
    expect((await withKey('DELETE', `${URL}/${made.json().id}`, sending)).statusCode).toBe(204);
  });
});

describe('binding with an account (the listener’s check, on this database)', () => {
  it('accepts the password the creation answered, records the bind, and refuses after a suspension', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '0');
    const account = await created(c.cookie, { ...GATEWAY, allowedIps: ['127.0.0.0/8'] });
    const accounts = smppAccountsOf({
      db: ctx.database.db,
      config: ctx.config.smppServer,
      limitStore: createDbLimitStore(ctx.database.db),
    });
    const bind = { systemId: account.systemId, password: account.password, ip: '127.0.0.1' };
    expect(await accounts.authenticate(bind)).toMatchObject({
      ok: true,
      account: { id: account.id, userId: c.id },
    });
    expect(await accounts.authenticate({ ...bind, ip: '192.0.2.1' })).toEqual({
      ok: false,
      reason: 'address',
    });
    expect(await accounts.authenticate({ ...bind, password: 'xxxxxxxx' })).toEqual({
      ok: false,
      reason: 'invalid',
    });
    const [item] = (await call('GET', URL, c.cookie)).json().items;
    expect(item).toMatchObject({ lastBindIp: '127.0.0.1', lastBindAt: expect.any(String) });
    await ctx.database.db.execute(sql`update users set disabled_at = now() where id = ${c.id}`);
    expect(await accounts.authenticate(bind)).toEqual({ ok: false, reason: 'user-blocked' });
  });
});

describe('an admin’s SMPP sessions', () => {
  it('lists live sessions with their customer, and ending one sets end_requested_at', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '0');
    const account = await created(c.cookie);
    const session = await liveSession(account.id);
    const list = await call('GET', '/api/admin/smpp/sessions', admin);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(
      expect.objectContaining({
        id: session,
        accountId: account.id,
        userId: c.id,
        maxPerSecond: 10,
        email: expect.stringContaining('@'),
      }),
    );
    const end = await call('POST', `/api/admin/smpp/sessions/${session}/end`, admin);
    expect(end.statusCode, end.body).toBe(204);
    const [row] = await queryRows<{ t: unknown }>(
      ctx.database,
      sql`select end_requested_at as t from smpp_sessions where id = ${session}`,
    );
    expect(row?.t).not.toBeNull();
    expect((await auditRows(session)).map((r) => r.action)).toEqual(['smpp_session.ended']);
  });

  it('answers 404 for a session that is not live, and 403 to customers', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '0');
    const account = await created(c.cookie);
    const stale = await liveSession(account.id, 60_000);
    const end = (id: string, cookie: string) =>
      call('POST', `/api/admin/smpp/sessions/${id}/end`, cookie);
    expect((await end(stale, admin)).statusCode).toBe(404);
    expect((await end(crypto.randomUUID(), admin)).statusCode).toBe(404);
    const live = await liveSession(account.id);
    expect((await call('GET', '/api/admin/smpp/sessions', c.cookie)).statusCode).toBe(403);
    expect((await end(live, c.cookie)).statusCode).toBe(403);
    const [row] = await queryRows<{ t: unknown }>(
      ctx.database,
      sql`select end_requested_at as t from smpp_sessions where id = ${live}`,
    );
    expect(row?.t).toBeNull();
  });
});
