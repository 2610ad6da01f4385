import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  createTestApp,
  queryRows,
  sessionCookieOf,
  signUp,
  solveSecurityCheck,
} from '../../../test/helpers.js';
import { createEventBus, type DomainEvent } from '../../lib/event-bus.js';
import { createAuthRepo } from './auth.repo.js';

const PASSWORD = 'correct horse battery';
let ctx: Awaited<ReturnType<typeof createTestApp>>;
const events: DomainEvent[] = [];
const logs: string[] = [];

beforeAll(async () => {
  const bus = createEventBus();
  bus.subscribe((e) => events.push(e));
  const logStream = new PassThrough();
  logStream.on('data', (chunk) => logs.push(String(chunk)));
  ctx = await createTestApp({ LOG_LEVEL: 'trace' }, { events: bus, logStream });
});
afterAll(() => ctx.close());

const me = (cookie: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

async function login(email: string, password = PASSWORD, cookie?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: cookie ? { cookie } : {},
    payload: { email, password, altcha: await solveSecurityCheck(ctx.app) },
  });
}

describe('sign-up', () => {
  it('creates the account, starts a session and announces it', async () => {
    const { res, email } = await signUp(ctx.app);
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toEqual({
      id: expect.any(String),
      email,
      firstName: 'Ada',
      lastName: 'King Lovelace',
      profileImageUrl: null,
      cryptoBalance: '0.00',
      isAdmin: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const cookie = res.cookies.find((c) => c.name === 'parley_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value.length).toBeGreaterThanOrEqual(22);
    expect((await me(sessionCookieOf(res))).json()).toEqual(user);
    expect(events).toContainEqual({ type: 'user.created', data: { id: user.id, email } });
  });

  it('refuses an email already registered, whatever its case', async () => {
    const { email } = await signUp(ctx.app);
    const { res } = await signUp(ctx.app, { email: email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'An account with this email already exists',
    });
  });

  it('names the invalid fields and creates nothing', async () => {
    const count = async () =>
      (await queryRows<{ n: number }>(ctx.database, sql`select count(*)::int as n from users`))[0]
        ?.n;
    const before = await count();
    const { res } = await signUp(ctx.app, {
      password: 'short',
      confirmPassword: 'other',
      contactMethod: 'fax',
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.fields as { path: string; message: string }[];
    expect(fields).toContainEqual({
      path: 'body.password',
      code: 'PASSWORD_TOO_SHORT',
      params: { min: 10 },
      message: 'Password must be at least 10 characters',
    });
    expect(fields.map((f) => f.path)).toContain('body.contactMethod');
    expect(await count()).toBe(before);
  });

  it('refuses control characters instead of failing on them', async () => {
    const { res } = await signUp(ctx.app, {
      name: 'Ada\u0000Lovelace',
      contactValue: '@ada\u0007',
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .error.fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['body.contactValue', 'body.name']);
  });

  it('refuses mismatched passwords on confirmPassword', async () => {
    const { res } = await signUp(ctx.app, { confirmPassword: 'correct horse batterY' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toContainEqual({
      path: 'body.confirmPassword',
      code: 'PASSWORDS_DIFFER',
      params: {},
      message: 'Passwords do not match',
    });
  });

  it('stores an argon2id hash, never the password', async () => {
    const { email } = await signUp(ctx.app);
    const user = await createAuthRepo(ctx.database.db).findUserByEmail(email);
    expect(user?.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(user?.passwordHash).not.toContain(PASSWORD);
  });
});

describe('the security check', () => {
  it('is required, must be genuine, and is accepted once only', async () => {
    const missing = await signUp(ctx.app, { altcha: '' });
    expect(missing.res.statusCode).toBe(400);

    const forged = Buffer.from(
      JSON.stringify({
        challenge: { parameters: {}, signature: 'x' },
        solution: { counter: 1, derivedKey: 'aa' },
      }),
    ).toString('base64');
    const bad = await signUp(ctx.app, { altcha: forged });
    expect(bad.res.statusCode).toBe(400);
    expect(bad.res.json().error.code).toBe('CHALLENGE_FAILED');

    const altcha = await solveSecurityCheck(ctx.app);
    expect((await signUp(ctx.app, { altcha })).res.statusCode).toBe(201);
    const replay = await signUp(ctx.app, { altcha });
    expect(replay.res.statusCode).toBe(400);
    expect(replay.res.json().error.message).toContain('already used');
  });
});

describe('sign-in and sign-out', () => {
  it('gives the same 401 for a wrong password and an unknown email', async () => {
    const { email } = await signUp(ctx.app);
    const wrong = await login(email, 'not the password');
    const unknown = await login('nobody@example.com');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid email or password',
      });
    }
  });

  it('starts a new session at every sign-in and ends the old one (no fixation)', async () => {
    const { res: created, email } = await signUp(ctx.app);
    const first = sessionCookieOf(created);
    const res = await login(email.toUpperCase(), PASSWORD, first);
    expect(res.statusCode).toBe(200);
    const second = sessionCookieOf(res);
    expect(second).not.toBe(first);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('keeps only a hash of the token, and a signed-out token stops working', async () => {
    const { res } = await signUp(ctx.app);
    const cookie = sessionCookieOf(res);
    const token = cookie.split('=')[1] ?? '';
    const hash = createHash('sha256').update(token).digest('hex');
    const plain = await ctx.database.db.execute(
      sql`select count(*)::int as n from sessions where token_hash = ${token}`,
    );
    const hashed = await ctx.database.db.execute(
      sql`select count(*)::int as n from sessions where token_hash = ${hash}`,
    );
    expect(JSON.stringify(plain)).toContain('"n":0');
    expect(JSON.stringify(hashed)).toContain('"n":1');

    const out = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/');
    expect(out.cookies.find((c) => c.name === 'parley_session')?.value).toBe('');
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('slides the idle expiry forward and re-sends the cookie when the session is used', async () => {
    const { res } = await signUp(ctx.app);
    const cookie = sessionCookieOf(res);
    const id = res.json().id;
    await ctx.database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '10 minutes', expires_at = now() + interval '1 hour' where user_id = ${id}`,
    );
    const used = await me(cookie);
    expect(used.statusCode).toBe(200);
    // 30 days, less the moments since sign-in: the cookie never outlives the absolute end.
    const maxAge = used.cookies.find((c) => c.name === 'parley_session')?.maxAge ?? 0;
    expect(maxAge).toBeGreaterThan(30 * 86400 - 60);
    expect(maxAge).toBeLessThanOrEqual(30 * 86400);
    const [row] = await queryRows<{ days: number }>(
      ctx.database,
      sql`select round(extract(epoch from expires_at - now()) / 86400)::int as days from sessions where user_id = ${id}`,
    );
    expect(row?.days).toBe(30);
  });

  it('keeps the current session when a new sign-in attempt fails', async () => {
    const { res, email } = await signUp(ctx.app);
    const cookie = sessionCookieOf(res);
    const failed = await login(email, 'not the password', cookie);
    expect(failed.statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('expires an idle session', async () => {
    const { res } = await signUp(ctx.app);
    const cookie = sessionCookieOf(res);
    const user = res.json();
    await ctx.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('gives customers 30 days and admins 12 hours at most, admins 30 minutes idle', async () => {
    const { res } = await signUp(ctx.app);
    const admin = await me(await adminSession(ctx, 'idle-admin@example.com'));
    const ages = await ctx.database.db.execute(
      sql`select u.is_admin, extract(epoch from s.absolute_expires_at - s.created_at)::int as secs, extract(epoch from s.expires_at - s.created_at)::int as idle from sessions s join users u on u.id = s.user_id where u.id in (${res.json().id}, ${admin.json().id})`,
    );
    type Row = { is_admin: boolean; secs: number; idle: number };
    const rows = (ages as unknown as { rows?: Row[] }).rows ?? (ages as unknown as Row[]);
    const byRole = Object.fromEntries(rows.map((r) => [r.is_admin ? 'admin' : 'customer', r]));
    expect(byRole.customer?.secs).toBeGreaterThan(30 * 86400 - 60);
    expect(byRole.customer?.secs).toBeLessThanOrEqual(30 * 86400 + 60);
    expect(byRole.customer?.idle).toBeGreaterThan(30 * 86400 - 60);
    expect(byRole.admin?.secs).toBeGreaterThan(12 * 3600 - 60);
    expect(byRole.admin?.secs).toBeLessThanOrEqual(12 * 3600 + 60);
    expect(byRole.admin?.idle).toBeGreaterThan(30 * 60 - 60);
    expect(byRole.admin?.idle).toBeLessThanOrEqual(30 * 60 + 60);
  });

  it('never writes a password to the log', async () => {
    const secret = 'log-canary-password-123';
    const { email } = await signUp(ctx.app, { password: secret, confirmPassword: secret });
    await login(email, secret);
    await login(email, `${secret}-wrong`);
    const all = logs.join('');
    expect(all).toContain('/api/auth/login');
    expect(all).not.toContain(secret);
  });
});
