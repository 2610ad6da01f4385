import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { moneyText } from '@parley/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { type AppDeps, buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config/env.js';
import type { Database } from '../src/db/client.js';
import { rowsOf } from '../src/db/raw.js';
import { createEventBus, type EventBus } from '../src/lib/event-bus.js';
import { createAdminAccounts } from '../src/modules/auth/admin-accounts.js';
import { createAuthRepo } from '../src/modules/auth/auth.repo.js';
import { type AuthLimits, scaledLimits } from '../src/modules/auth/auth.service.js';
import { createSecondFactor } from '../src/modules/auth/second-factor.js';
import { createSecondFactorRepo } from '../src/modules/auth/second-factor.repo.js';
import { createSecretBox } from '../src/modules/auth/secret-box.js';
import { solvedAltcha } from './security-check.js';
import { createTestDatabase } from './test-database.js';

export { createTestDatabase };

/** The session secret of every test app; it also keys the TOTP secrets' encryption. */
export const TEST_SESSION_SECRET = 'test-secret-test-secret-test-secret!';

/** The real limit rules with room for a whole test file; rate-limit tests pass their own. */
export function generousLimits(): AuthLimits {
  return scaledLimits(1000);
}

/**
 * For a test that opens a new embedded data folder: initdb in a child process and every
 * migration, 20 s on two busy cores while the rest of the suite runs.
 */
export const NEW_DATA_DIR_TIMEOUT_MS = 60_000;

export function tempDir(prefix = 'parley-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * A test's settings. The public rate sources stay off whatever NODE_ENV a test asks for
 * (they are the default outside NODE_ENV=test), unless it names its own feed.
 */
export function testConfig(env: NodeJS.ProcessEnv = {}): Config {
  const ownFeed = env.RATES_FEED_URL !== undefined || env.RATES_FEED_SOURCES !== undefined;
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: tempDir(),
    WEB_DIST_DIR: tempDir(),
    ...(ownFeed ? {} : { RATES_FEED_SOURCES: 'off' }),
    ...env,
  });
}

export async function createTestApp(env: NodeJS.ProcessEnv = {}, extra: Partial<AppDeps> = {}) {
  const database = await createTestDatabase();
  const config = testConfig(env);
  const app = await buildApp({
    config,
    database,
    sessionSecret: TEST_SESSION_SECRET,
    challengeCounterRange: [1, 50],
    authLimits: generousLimits(),
    ...extra,
  });
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Solves the security check the way the browser does, returning the `altcha` field. */
export async function solveSecurityCheck(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/auth/challenge' });
  if (res.statusCode !== 200) throw new Error(`challenge: ${res.statusCode} ${res.body}`);
  return solvedAltcha(res.json());
}

/** The session cookie a response set, as a Cookie header value. */
export function sessionCookieOf(res: { cookies: { name: string; value: string }[] }): string {
  const cookie = res.cookies.find((c) => c.name === 'parley_session');
  if (!cookie) throw new Error('no session cookie was set');
  return `parley_session=${cookie.value}`;
}

export async function signUp(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const email = `user-${randomUUID()}@example.com`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: {
      name: 'Ada King Lovelace',
      email,
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
      contactMethod: 'telegram',
      contactValue: '@ada',
      altcha: await solveSecurityCheck(app),
      ...overrides,
    },
  });
  return { res, email: String(overrides.email ?? email).toLowerCase() };
}

/** Rows of a raw query, whichever driver ran it (PGlite returns { rows }, postgres.js an array). */
export async function queryRows<T>(database: Database, query: SQL): Promise<T[]> {
  return rowsOf<T>(await database.db.execute(query));
}

/** A user's balance as the API shows it ("118.50", "0.0062"). */
export async function balanceOf(database: Database, userId: string): Promise<string> {
  const [row] = await queryRows<{ b: string }>(
    database,
    sql`select crypto_balance::text as b from users where id = ${userId}`,
  );
  if (!row) throw new Error(`no user ${userId}`);
  return moneyText(row.b);
}

/** Polls `read` until `ok` holds or `ms` pass; returns the last value either way. */
export async function until<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  ms = 8000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Signs a customer up with `gbp` on the balance, written as a ledger adjustment. */
export async function fundedCustomer(app: FastifyInstance, database: Database, gbp: string) {
  const { res } = await signUp(app);
  const id = res.json().id as string;
  if (Number(gbp) > 0)
    await database.db.execute(sql`
      with u as (update users set crypto_balance = ${gbp}::numeric where id = ${id} returning id)
      insert into ledger_entries (user_id, amount, currency, kind, reference, balance_after)
      select id, ${gbp}::numeric, 'GBP', 'adjustment', ${`test:${id}`}, ${gbp}::numeric from u`);
  return { cookie: sessionCookieOf(res), id };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request as a signed-in browser (or a visitor, without a cookie) sends it. */
export function send(
  app: FastifyInstance,
  method: Method,
  url: string,
  cookie: string | null,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** The second factor as a test app (keyed by TEST_SESSION_SECRET) reads it. */
export function testSecondFactor(database: Database) {
  return createSecondFactor({
    repo: createSecondFactorRepo(database.db),
    box: createSecretBox(TEST_SESSION_SECRET),
  });
}

/**
 * The authenticator app's code for `secret` (base32) `steps` time steps from now: 0 is
 * the current code, 1 the next one (also accepted, one step either way).
 */
export function totpCode(secret: string, steps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: Date.now() + steps * 30_000,
  });
}

/**
 * An admin with a new password and a second factor (a fresh TOTP secret, provisioned
 * the way ADMIN_TOTP_SECRET is), for tests that sign in themselves.
 */
export async function createTestAdmin(
  ctx: { database: Database },
  email: string,
  events: EventBus = createEventBus(),
): Promise<{ password: string; secret: string }> {
  const accounts = createAdminAccounts({
    repo: createAuthRepo(ctx.database.db),
    events,
    secondFactor: testSecondFactor(ctx.database),
  });
  const { password } = await accounts.createAdmin(email);
  const secret = new Secret({ size: 20 }).base32;
  await accounts.ensureAdmin(email, password, secret);
  return { password, secret };
}

/**
 * Creates an admin and signs them in through `POST /api/admin/login` with their
 * password and a current authenticator code, returning the session cookie. Every test
 * that needs an admin session goes through here, so the admin sign-in can change in
 * one place. Each call gives the admin a new secret, so no code is ever reused.
 */
export async function adminSession(
  ctx: { app: FastifyInstance; database: Database },
  email: string,
  events: EventBus = ctx.app.events,
): Promise<string> {
  const { password, secret } = await createTestAdmin(ctx, email, events);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email, password, code: totpCode(secret) },
  });
  if (res.statusCode !== 200) throw new Error(`admin sign-in: ${res.statusCode} ${res.body}`);
  return sessionCookieOf(res);
}
