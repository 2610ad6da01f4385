import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  createTestAdmin,
  createTestApp,
  generousLimits,
  queryRows,
  sessionCookieOf,
  signUp,
  solveSecurityCheck,
} from '../../../test/helpers.js';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.js';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new passphrase';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
type Ctx = Awaited<ReturnType<typeof createTestApp>>;

const forgot = async (ctx: Ctx, email: string, remoteAddress = '203.0.113.7') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    remoteAddress,
    payload: { email, altcha: await solveSecurityCheck(ctx.app) },
  });
const reset = (ctx: Ctx, token: string, password = NEW_PASSWORD, confirm = password) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, password, confirmPassword: confirm },
  });
const login = async (ctx: Ctx, email: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, altcha: await solveSecurityCheck(ctx.app) },
  });
const me = (ctx: Ctx, cookie: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

describe('Forgot password? with mail configured', () => {
  let sink: SmtpSink;
  let ctx: Ctx;
  beforeAll(async () => {
    sink = await startSmtpSink();
    ctx = await createTestApp({
      SMTP_URL: sink.url,
      MAIL_FROM: 'Parley <accounts@parley.example>',
      PUBLIC_URL: 'https://parley.example',
    });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.close();
    await sink.close();
  });

  /** The `n`th email (1-based) the sink took for `email`, waiting for it. */
  async function mailTo(email: string, n = 1) {
    const end = Date.now() + 8000;
    for (;;) {
      const mail = sink.received.filter((m) => m.to.includes(email))[n - 1];
      if (mail) return mail;
      if (Date.now() > end) throw new Error(`no email ${n} to ${email}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  const linkIn = (text: string) =>
    /https:\/\/parley\.example\/reset-password#([A-Za-z0-9_-]{43})/.exec(text)?.[1];

  it('emails a one-time link, answers the same for an unknown address, and the link ends every session', async () => {
    const { res, email } = await signUp(ctx.app, { password: PASSWORD, confirmPassword: PASSWORD });
    const firstSession = sessionCookieOf(res);
    const secondSession = sessionCookieOf(await login(ctx, email, PASSWORD));

    const known = await forgot(ctx, email.toUpperCase());
    const unknown = await forgot(ctx, `nobody-${Date.now()}@example.com`);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ delivery: 'email' });
    expect(unknown.body).toBe(known.body);

    const mail = await mailTo(email);
    expect(mail.subject).toBe('Reset your Parley password');
    const token = linkIn(mail.text);
    expect(token).toBeDefined();
    if (!token) return;
    // Only the hash is kept, for an hour.
    const rows = await queryRows<{ token_hash: string; minutes: number }>(
      ctx.database,
      sql`select token_hash, extract(epoch from (r.expires_at - r.created_at)) / 60 as minutes
          from password_resets r join users u on u.id = r.user_id where u.email = ${email}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(sha256(token));
    expect(Math.round(Number(rows[0]?.minutes))).toBe(60);
    const dump = await queryRows(ctx.database, sql`select * from password_resets`);
    expect(JSON.stringify(dump)).not.toContain(token);

    // The new password obeys sign-up's rules.
    const short = await reset(ctx, token, 'short');
    expect(short.statusCode).toBe(400);
    expect(JSON.stringify(short.json())).toContain('PASSWORD_TOO_SHORT');
    const differs = await reset(ctx, token, NEW_PASSWORD, `${NEW_PASSWORD}!`);
    expect(differs.statusCode).toBe(400);
    expect(JSON.stringify(differs.json())).toContain('PASSWORDS_DIFFER');

    expect((await reset(ctx, token)).statusCode).toBe(204);
    expect((await me(ctx, firstSession)).statusCode).toBe(401);
    expect((await me(ctx, secondSession)).statusCode).toBe(401);
    expect((await login(ctx, email, PASSWORD)).statusCode).toBe(401);
    expect((await login(ctx, email, NEW_PASSWORD)).statusCode).toBe(200);

    // Single use.
    const again = await reset(ctx, token, 'yet another passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('RESET_LINK_INVALID');
    // No email ever went to the unknown address.
    expect(sink.received.filter((m) => m.to.some((to) => to.startsWith('nobody-')))).toEqual([]);
  });

  it('refuses an expired link, and a link replaced by a newer one', async () => {
    const { email } = await signUp(ctx.app, { password: PASSWORD, confirmPassword: PASSWORD });
    await forgot(ctx, email);
    const first = linkIn((await mailTo(email)).text);
    await forgot(ctx, email);
    const second = linkIn((await mailTo(email, 2)).text);
    if (!first || !second) throw new Error('no links');
    expect((await reset(ctx, first)).json().error.code).toBe('RESET_LINK_INVALID');
    await ctx.database.db.execute(
      sql`update password_resets set expires_at = now() - interval '1 second'
          where token_hash = ${sha256(second)}`,
    );
    expect((await reset(ctx, second)).json().error.code).toBe('RESET_LINK_INVALID');
    expect((await login(ctx, email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses malformed input with 4xx, never 5xx', async () => {
    for (const payload of [
      {},
      { email: 'not an email', altcha: 'x' },
      { email: 'a\u0000b@example.com', altcha: 'x' },
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    const noCheck = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'ada@example.com', altcha: 'bm90LWEtY2hlY2s=' },
    });
    expect(noCheck.statusCode).toBe(400);
    expect(noCheck.json().error.code).toBe('CHALLENGE_FAILED');
    const badToken = await reset(ctx, 'not-a-token');
    expect(badToken.statusCode).toBe(400);
    expect(badToken.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('Forgot password? limits', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createTestApp(
      { PUBLIC_URL: 'https://parley.example' },
      {
        authLimits: {
          ...generousLimits(),
          resetPerIp: { max: 3, windowMs: 3_600_000 },
          resetPerAddress: { max: 2, windowMs: 3_600_000 },
        },
      },
    );
  });
  afterAll(() => ctx.close());

  it('are counted per address, whoever asks, and per client address', async () => {
    const email = 'limited@example.com';
    expect((await forgot(ctx, email, '198.51.100.1')).statusCode).toBe(200);
    expect((await forgot(ctx, email, '198.51.100.2')).statusCode).toBe(200);
    const third = await forgot(ctx, email, '198.51.100.3');
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('RATE_LIMITED');

    for (const n of [1, 2, 3])
      expect((await forgot(ctx, `other-${n}@example.com`, '198.51.100.9')).statusCode).toBe(200);
    expect((await forgot(ctx, 'other-4@example.com', '198.51.100.9')).statusCode).toBe(429);
  });

  it("never spend an address's links on requests that did not pass the security check", async () => {
    const email = 'victim@example.com';
    for (const n of [1, 2, 3]) {
      const unsolved = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email, altcha: 'bm90LWEtY2hlY2s=' },
        remoteAddress: `198.51.100.${20 + n}`,
      });
      expect(unsolved.json().error.code).toBe('CHALLENGE_FAILED');
    }
    expect((await forgot(ctx, email, '198.51.100.30')).statusCode).toBe(200);
  });
});

describe('without mail: the admin issues a one-time link', () => {
  let ctx: Ctx;
  let admin: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx, 'resets-admin@example.com');
  });
  afterAll(() => ctx.close());

  const issue = (id: string, cookie = admin) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${id}/password-reset`,
      headers: cookie ? { cookie } : {},
    });

  it('answers that no email goes out', async () => {
    const res = await forgot(ctx, 'anyone@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ delivery: 'unavailable' });
  });

  it('gives the admin a link that works once, audited; never for their own account', async () => {
    const { res, email } = await signUp(ctx.app, { password: PASSWORD, confirmPassword: PASSWORD });
    const customer = res.json();
    const customerSession = sessionCookieOf(res);

    expect((await issue(customer.id, '')).statusCode).toBe(401);
    expect((await issue(customer.id, customerSession)).statusCode).toBe(403);

    const issued = await issue(customer.id);
    expect(issued.statusCode).toBe(200);
    expect(issued.headers['cache-control']).toContain('no-store');
    const { token, expiresAt } = issued.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const minutes = (Date.parse(expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);

    const audit = await queryRows<{ action: string; after: unknown }>(
      ctx.database,
      sql`select action, after from audit_log where target_id = ${customer.id}`,
    );
    expect(audit).toEqual([{ action: 'user.password_reset_issue', after: { expiresAt } }]);
    expect(JSON.stringify(audit)).not.toContain(token);

    expect((await reset(ctx, token)).statusCode).toBe(204);
    expect((await me(ctx, customerSession)).statusCode).toBe(401);
    expect((await login(ctx, email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await reset(ctx, token, 'another passphrase')).json().error.code).toBe(
      'RESET_LINK_INVALID',
    );

    const self = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: admin },
    });
    const own = await issue(self.json().id);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('SELF_RESET_FORBIDDEN');
    // Nor another admin's: one admin must not be able to take over another's account.
    await createTestAdmin(ctx, 'other-admin@example.com');
    const [otherAdmin] = await queryRows<{ id: string }>(
      ctx.database,
      sql`select id from users where email = 'other-admin@example.com'`,
    );
    const other = await issue(otherAdmin?.id ?? '');
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('ADMIN_RESET_FORBIDDEN');
    expect((await issue('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await issue('not-a-uuid')).statusCode).toBe(400);
  });
});
