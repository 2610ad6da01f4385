import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAdmin,
  createTestApp,
  generousLimits,
  queryRows,
  send,
  sessionCookieOf,
  testSecondFactor,
  totpCode,
} from '../../../test/helpers.js';
import { createEventBus } from '../../lib/event-bus.js';
import { createAdminAccounts } from './admin-accounts.js';
import { createAuthRepo } from './auth.repo.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp(
    {},
    {
      // Three failed attempts per account, so counting shows without many requests.
      authLimits: { ...generousLimits(), adminPerAccount: { max: 3, windowMs: 60_000 } },
    },
  );
}, 120_000);
afterAll(() => ctx.close());

const newEmail = () => `admin-${randomUUID()}@example.com`;
const accounts = () =>
  createAdminAccounts({
    repo: createAuthRepo(ctx.database.db),
    events: createEventBus(),
    secondFactor: testSecondFactor(ctx.database),
  });

const login = (body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: body });
const confirm = (body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/admin/login/setup', payload: body });

const noSessionCookie = (res: { cookies: { name: string; value: string }[] }) =>
  expect(res.cookies.find((c) => c.name === 'parley_session')?.value ?? '').toBe('');

async function sessionsOf(email: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.database,
    sql`select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.email = ${email}`,
  );
  return row?.n ?? 0;
}

function expectSecondFactorRequired(res: Awaited<ReturnType<typeof login>>) {
  expect(res.statusCode).toBe(401);
  expect(res.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
  noSessionCookie(res);
}

describe('admin sign-in with a second factor', { timeout: 60_000 }, () => {
  it('without a code answers 401 SECOND_FACTOR_REQUIRED and starts no session', async () => {
    const email = newEmail();
    const { password } = await createTestAdmin(ctx, email);
    expectSecondFactorRequired(await login({ email, password }));
    expectSecondFactorRequired(await login({ email, password, code: '' }));
    expect(await sessionsOf(email)).toBe(0);
  });

  it('counts a wrong code as a failed attempt, so codes cannot be guessed past the limit', async () => {
    const email = newEmail();
    const { password, secret } = await createTestAdmin(ctx, email);
    expectSecondFactorRequired(await login({ email, password, code: '000000' }));
    expectSecondFactorRequired(await login({ email, password, code: 'not a code' }));
    expectSecondFactorRequired(await login({ email, password, code: totpCode(secret, 5) }));
    // The fourth attempt is over the account's limit: refused before anything is checked.
    const locked = await login({ email, password, code: totpCode(secret) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('RATE_LIMITED');
    expect(await sessionsOf(email)).toBe(0);
  });

  it('lets the right code in once: the same code cannot open a second session', async () => {
    const email = newEmail();
    const { password, secret } = await createTestAdmin(ctx, email);
    const code = totpCode(secret);
    const first = await login({ email, password, code });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ email, isAdmin: true });
    const me = await send(ctx.app, 'GET', '/api/auth/user', sessionCookieOf(first));
    expect(me.json()).toMatchObject({ email, isAdmin: true });

    expectSecondFactorRequired(await login({ email, password, code }));
    expect(await sessionsOf(email)).toBe(1);
    // The next step's code is new (one step of drift either way is accepted).
    expect((await login({ email, password, code: totpCode(secret, 1) })).statusCode).toBe(200);
    // A success clears the failed attempts: the replay above did not use up the limit.
    expectSecondFactorRequired(await login({ email, password, code: '111111' }));
    expectSecondFactorRequired(await login({ email, password, code: '222222' }));
  });

  it('refuses a code of a step at or before the last one used, though still in the window', async () => {
    const email = newEmail();
    const { password, secret } = await createTestAdmin(ctx, email);
    const later = totpCode(secret, 1);
    expect((await login({ email, password, code: later })).statusCode).toBe(200);
    // The current step's code is within the window, but a later step was used already.
    expectSecondFactorRequired(await login({ email, password, code: totpCode(secret) }));
    // The same code again is a replay.
    expectSecondFactorRequired(await login({ email, password, code: later }));
    expect(await sessionsOf(email)).toBe(1);
  });

  it('lets only one of two sign-ins racing with the same code in', async () => {
    const email = newEmail();
    const { password, secret } = await createTestAdmin(ctx, email);
    const code = totpCode(secret);
    const both = await Promise.all([
      login({ email, password, code }),
      login({ email, password, code }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    expect(await sessionsOf(email)).toBe(1);
  });

  it('refuses a code from further than one step away', async () => {
    const email = newEmail();
    const { password, secret } = await createTestAdmin(ctx, email);
    expectSecondFactorRequired(await login({ email, password, code: totpCode(secret, -3) }));
    expectSecondFactorRequired(await login({ email, password, code: totpCode(secret, 3) }));
  });

  it('still refuses a customer with the right password as invalid credentials', async () => {
    const res = await login({ email: newEmail(), password: 'whatever it is', code: '123456' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('INVALID_CREDENTIALS');
  });
});

describe('first sign-in: setting the second factor up', { timeout: 60_000 }, () => {
  const email = newEmail();
  let password = '';
  let setup: { setupToken: string; secret: string; otpauthUri: string; expiresAt: string };
  let recoveryCodes: string[] = [];
  let confirmingCode = '';

  it('answers a set-up step instead of a session', async () => {
    ({ password } = await accounts().createAdmin(email));
    const res = await login({ email, password });
    expect(res.statusCode).toBe(202);
    noSessionCookie(res);
    setup = res.json();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUri).toBe(
      `otpauth://totp/Parley:${encodeURIComponent(email)}?issuer=Parley&secret=${setup.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(Date.parse(setup.expiresAt) - Date.now()).toBeGreaterThan(5 * 60_000);
    expect(await sessionsOf(email)).toBe(0);
  });

  it('keeps the secret encrypted at rest', async () => {
    const rows = await queryRows<{ c: string }>(
      ctx.database,
      sql`select f.secret_ciphertext as c from admin_second_factors f join users u on u.id = f.user_id where u.email = ${email}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.c).toMatch(/^v1\./);
    expect(rows[0]?.c).not.toContain(setup.secret);
    const raw = Buffer.from(Secret.fromBase32(setup.secret).bytes).toString('base64url');
    expect(rows[0]?.c).not.toContain(raw);
  });

  it('refuses a wrong first code, and an unknown set-up token', async () => {
    expectSecondFactorRequired(await confirm({ setupToken: setup.setupToken, code: '000000' }));
    const unknown = await confirm({ setupToken: 'x'.repeat(43), code: totpCode(setup.secret) });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe('SECOND_FACTOR_SETUP_EXPIRED');
    expect(await sessionsOf(email)).toBe(0);
  });

  it('with the right code, starts the session and shows ten recovery codes once', async () => {
    confirmingCode = totpCode(setup.secret);
    const res = await confirm({ setupToken: setup.setupToken, code: confirmingCode });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ email, isAdmin: true });
    recoveryCodes = body.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
    expect(new Set(recoveryCodes).size).toBe(10);
    const me = await send(ctx.app, 'GET', '/api/auth/user', sessionCookieOf(res));
    expect(me.json()).toMatchObject({ email, isAdmin: true });

    // Only hashes are stored.
    const stored = await queryRows<{ h: string }>(
      ctx.database,
      sql`select r.code_hash as h from admin_recovery_codes r join users u on u.id = r.user_id where u.email = ${email}`,
    );
    expect(stored).toHaveLength(10);
    const all = JSON.stringify(stored);
    for (const code of recoveryCodes) {
      expect(all).not.toContain(code);
      expect(all).not.toContain(code.replaceAll('-', ''));
    }
  });

  it('does not accept the set-up token again, and signs in with a code from then on', async () => {
    const again = await confirm({ setupToken: setup.setupToken, code: totpCode(setup.secret, 1) });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('SECOND_FACTOR_SETUP_EXPIRED');
    // The code that confirmed the set-up is used: it cannot sign in too.
    expectSecondFactorRequired(await login({ email, password, code: confirmingCode }));
    // Nor can the step before it, though still within the window.
    expectSecondFactorRequired(await login({ email, password, code: totpCode(setup.secret, -1) }));
    const res = await login({ email, password, code: totpCode(setup.secret, 1) });
    expect(res.statusCode).toBe(200);
  });

  it('takes each recovery code once, typed in any case and grouping', async () => {
    const [first, second] = recoveryCodes as [string, string];
    const typed = first.replaceAll('-', ' ').toLowerCase();
    const res = await login({ email, password, code: typed });
    expect(res.statusCode).toBe(200);
    expectSecondFactorRequired(await login({ email, password, code: first }));
    expect((await login({ email, password, code: second })).statusCode).toBe(200);
  });

  it('starts a new set-up when the previous one expired', async () => {
    const other = newEmail();
    const { password: pw } = await accounts().createAdmin(other);
    const first = (await login({ email: other, password: pw })).json();
    await ctx.database.db.execute(
      sql`update admin_second_factors set setup_expires_at = now() - interval '1 second' where user_id = (select id from users where email = ${other})`,
    );
    const late = await confirm({ setupToken: first.setupToken, code: totpCode(first.secret) });
    expect(late.json().error.code).toBe('SECOND_FACTOR_SETUP_EXPIRED');
    const second = await login({ email: other, password: pw });
    expect(second.statusCode).toBe(202);
    expect(second.json().secret).not.toBe(first.secret);
    const done = await confirm({
      setupToken: second.json().setupToken,
      code: totpCode(second.json().secret),
    });
    expect(done.statusCode).toBe(200);
  });
});

describe('ADMIN_TOTP_SECRET and the reset', { timeout: 60_000 }, () => {
  it('provisions the admin’s factor from the environment, keeping it across restarts', async () => {
    const email = newEmail();
    const password = 'provisioned admin password';
    const secret = new Secret({ size: 20 }).base32;
    await accounts().ensureAdmin(email, password, secret);
    // No set-up step: a code of that secret signs in.
    expectSecondFactorRequired(await login({ email, password }));
    const code = totpCode(secret);
    expect((await login({ email, password, code })).statusCode).toBe(200);

    // A restart with the same settings changes nothing: the used code stays used.
    await accounts().ensureAdmin(email, password, secret);
    expectSecondFactorRequired(await login({ email, password, code }));

    // A new secret replaces the old one.
    const next = new Secret({ size: 20 }).base32;
    await accounts().ensureAdmin(email, password, next);
    expectSecondFactorRequired(await login({ email, password, code: totpCode(secret, 1) }));
    expect((await login({ email, password, code: totpCode(next) })).statusCode).toBe(200);
  });

  it('reset removes the factor and the sessions; the next sign-in sets a new one up', async () => {
    const email = newEmail();
    const { password, secret } = await createTestAdmin(ctx, email);
    const res = await login({ email, password, code: totpCode(secret) });
    const cookie = sessionCookieOf(res);

    expect(await accounts().resetSecondFactor(email)).toEqual({ found: true });
    expect((await send(ctx.app, 'GET', '/api/auth/user', cookie)).statusCode).toBe(401);
    const next = await login({ email, password, code: totpCode(secret, 1) });
    expect(next.statusCode).toBe(202);
    expect(next.json().secret).not.toBe(secret);

    expect(await accounts().resetSecondFactor('nobody@example.com')).toEqual({ found: false });
    const audit = await queryRows<{ action: string }>(
      ctx.database,
      sql`select action from audit_log where target_id = (select id::text from users where email = ${email}) order by created_at`,
    );
    expect(audit.map((a) => a.action)).toEqual(['second_factor.provision', 'second_factor.reset']);
  });
});
