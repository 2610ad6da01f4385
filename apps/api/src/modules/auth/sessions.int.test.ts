import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  createTestApp,
  generousLimits,
  queryRows,
  sessionCookieOf,
  signUp,
  solveSecurityCheck,
} from '../../../test/helpers.js';

const PASSWORD = 'correct horse battery';
const MINUTE = 60_000;
const DAY = 86_400_000;

// The clock sessions are judged by; each test moves it forward from where it is.
let clock = Date.now();
let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp(
    {},
    {
      now: () => new Date(clock),
      authLimits: { ...generousLimits(), signInPerAccount: { max: 3, windowMs: 60 * MINUTE } },
    },
  );
}, 120_000);
afterAll(() => ctx.close());

const me = (cookie: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
const post = (url: string, cookie: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
async function login(email: string, password = PASSWORD) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, altcha: await solveSecurityCheck(ctx.app) },
  });
}
async function customer() {
  const { res, email } = await signUp(ctx.app);
  return { cookie: sessionCookieOf(res), email, id: res.json().id as string };
}
const change = (cookie: string, currentPassword: string, newPassword: string) =>
  post('/api/auth/password', cookie, {
    currentPassword,
    newPassword,
    confirmPassword: newPassword,
  });

describe('session lifetimes', () => {
  it("ends a customer's session 30 days after sign-in, however busy it stays", async () => {
    const { cookie } = await customer();
    for (const day of [10, 20, 29]) {
      clock += (day === 10 ? 10 : 10 - (day === 29 ? 1 : 0)) * DAY;
      const used = await me(cookie);
      expect(used.statusCode).toBe(200);
      // The cookie never outlives the absolute end.
      const maxAge = used.cookies.find((c) => c.name === 'parley_session')?.maxAge ?? 0;
      expect(maxAge).toBeLessThanOrEqual(30 * 86_400 - day * 86_400 + 60);
    }
    clock += DAY + MINUTE; // 30 days and a minute after sign-in, a day after the last use
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('ends an admin session after 30 minutes without use', async () => {
    const cookie = await adminSession(ctx, `idle-${clock}@example.com`);
    clock += 29 * MINUTE;
    expect((await me(cookie)).statusCode).toBe(200); // slides the idle expiry
    clock += 29 * MINUTE;
    expect((await me(cookie)).statusCode).toBe(200);
    clock += 31 * MINUTE;
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('ends an admin session 12 hours after sign-in even when used all along', async () => {
    const cookie = await adminSession(ctx, `max-${clock}@example.com`);
    const start = clock;
    while (clock - start < 12 * 3_600_000 - 20 * MINUTE) {
      clock += 20 * MINUTE;
      expect((await me(cookie)).statusCode).toBe(200);
    }
    clock = start + 12 * 3_600_000 + MINUTE;
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('gives sessions already open before the change the new lifetimes (migration)', async () => {
    const [row] = await queryRows<{ n: number }>(
      ctx.database,
      sql`select count(*)::int as n from sessions where absolute_expires_at is null or expires_at > absolute_expires_at`,
    );
    expect(row?.n).toBe(0);
  });
});

describe('changing the password', () => {
  it('needs the current password, ends every other session and keeps this one', async () => {
    const { cookie, email } = await customer();
    const other = sessionCookieOf(await login(email));
    const third = sessionCookieOf(await login(email));
    expect((await me(other)).statusCode).toBe(200);

    const res = await change(cookie, PASSWORD, 'a brand new passphrase');
    expect(res.statusCode).toBe(204);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(third)).statusCode).toBe(401);
    expect((await login(email)).statusCode).toBe(401);
    expect((await login(email, 'a brand new passphrase')).statusCode).toBe(200);
  });

  it('refuses a wrong current password, changing nothing and signing no one out', async () => {
    const { cookie, email } = await customer();
    const other = sessionCookieOf(await login(email));
    const res = await change(cookie, 'not my password', 'a brand new passphrase');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'WRONG_PASSWORD',
      fields: [{ path: 'body.currentPassword' }],
    });
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);
    expect((await login(email)).statusCode).toBe(200);
  });

  it('holds the new password to the sign-up rules', async () => {
    const { cookie } = await customer();
    const short = await change(cookie, PASSWORD, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields[0].path).toBe('body.newPassword');
    const mismatch = await post('/api/auth/password', cookie, {
      currentPassword: PASSWORD,
      newPassword: 'a brand new passphrase',
      confirmPassword: 'another passphrase',
    });
    expect(mismatch.json().error.fields[0].path).toBe('body.confirmPassword');
    const nul = await change(cookie, PASSWORD, 'a brand new\u0000passphrase');
    expect(nul.statusCode).toBe(400);
  });

  it('counts wrong current passwords under the sign-in limit of the account', async () => {
    const { cookie, email } = await customer();
    for (let i = 0; i < 3; i++)
      expect((await change(cookie, `guess number ${i}`, 'a brand new passphrase')).statusCode).toBe(
        400,
      );
    // Even the right password is refused now, here and at sign-in.
    const limited = await change(cookie, PASSWORD, 'a brand new passphrase');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect((await login(email)).statusCode).toBe(429);
  });

  it('is for signed-in users only', async () => {
    const res = await change('', PASSWORD, 'a brand new passphrase');
    expect(res.statusCode).toBe(401);
  });
});

describe('signing out', () => {
  it('everywhere ends every session of the user, this one included', async () => {
    const { cookie, email } = await customer();
    const other = sessionCookieOf(await login(email));
    const bystander = await customer();
    const res = await post('/api/auth/logout-everywhere', cookie);
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'parley_session')?.value).toBe('');
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(bystander.cookie)).statusCode).toBe(200);
    expect((await post('/api/auth/logout-everywhere', '')).statusCode).toBe(401);
  });

  it('GET /api/logout signs no one out; it answers a page whose form posts', async () => {
    const { cookie } = await customer();
    const typed = await ctx.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie, 'sec-fetch-site': 'none', 'accept-language': 'ar,en;q=0.5' },
    });
    expect(typed.statusCode).toBe(200);
    expect(typed.headers['content-type']).toMatch(/^text\/html/);
    expect(typed.body).toContain('<form id="logout" method="post" action="/api/logout"');
    expect(typed.body).toContain('dir="rtl"');
    // Only a navigation from Parley's own pages posts by itself (no inline script).
    expect(typed.body).not.toContain('<script');
    expect(typed.cookies.find((c) => c.value === '')).toBeUndefined();
    // With helmet's no-referrer the form would post `Origin: null`, refused as cross-site.
    expect(typed.headers['referrer-policy']).toBe('same-origin');
    expect((await me(cookie)).statusCode).toBe(200);

    const fromMenu = await ctx.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(fromMenu.body).toContain('<script src="/api/logout.js"></script>');
    expect(fromMenu.headers['content-security-policy']).toContain("script-src 'self'");
    expect((await me(cookie)).statusCode).toBe(200);
    const script = await ctx.app.inject({ method: 'GET', url: '/api/logout.js' });
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain("getElementById('logout').submit()");

    const visitor = await ctx.app.inject({ method: 'GET', url: '/api/logout' });
    expect(visitor.statusCode).toBe(302);
  });

  it('POST /api/logout (the form) ends this session only and goes home', async () => {
    const { cookie, email } = await customer();
    const other = sessionCookieOf(await login(email));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: {
        cookie,
        'content-type': 'text/plain',
        host: 'parley.test',
        origin: 'http://parley.test',
      },
      payload: '',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(res.cookies.find((c) => c.name === 'parley_session')?.value).toBe('');
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('POST /api/logout from another site is refused', async () => {
    const { cookie } = await customer();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect((await me(cookie)).statusCode).toBe(200);
  });
});

describe('the session cookie', () => {
  for (const [publicUrl, secure] of [
    ['https://parley.example.com', true],
    ['http://parley.example.com', false],
  ] as const)
    it(`is ${secure ? '' : 'not '}Secure with PUBLIC_URL ${publicUrl} and NODE_ENV=development`, async () => {
      const other = await createTestApp({ NODE_ENV: 'development', PUBLIC_URL: publicUrl });
      try {
        const { res } = await signUp(other.app);
        expect(res.statusCode).toBe(201);
        const cookie = res.cookies.find((c) => c.name === 'parley_session');
        expect(Boolean(cookie?.secure)).toBe(secure);
        const out = await other.app.inject({
          method: 'POST',
          url: '/api/logout',
          headers: { cookie: sessionCookieOf(res), origin: new URL(publicUrl).origin },
        });
        expect(Boolean(out.cookies[0]?.secure)).toBe(secure);
      } finally {
        await other.close();
      }
      // A second app (its own database) starts slowly on a busy machine.
    }, 120_000);
});
