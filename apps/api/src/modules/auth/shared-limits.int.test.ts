import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  generousLimits,
  queryRows,
  testConfig,
} from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import { type Database, openDatabase } from '../../db/client.js';
import { createAdminAccounts } from './admin-accounts.js';
import { createAuthRepo } from './auth.repo.js';

const REDIS_URL = 'redis://127.0.0.1:6379';
const LIMITS = {
  ...generousLimits(),
  adminPerAccount: { max: 10, windowMs: 60_000, backoff: { maxMs: 600_000 } },
};

function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, timeout: 500 });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}
const redisUp = await reachable(6379);

/**
 * Two server instances on one database: on PostgreSQL each with its own connection
 * pool, as two processes would be; on the embedded database, two apps on one handle.
 */
async function twoInstances(env: NodeJS.ProcessEnv = {}) {
  const database = await createTestDatabase();
  const other: Database = database.url
    ? await openDatabase({ kind: 'postgres', url: database.url, max: 4 })
    : database;
  const build = (db: Database) =>
    buildApp({
      config: testConfig(env),
      database: db,
      sessionSecret: 'test-secret-test-secret-test-secret!',
      authLimits: LIMITS,
    });
  const apps = [await build(database), await build(other)] as const;
  return {
    apps,
    database,
    async close() {
      for (const app of apps) await app.close();
      if (other !== database) await other.close();
      await database.close();
    },
  };
}

/** 11 wrong passwords for one admin at once, from 11 addresses, spread over both instances. */
async function guessConcurrently(pair: Awaited<ReturnType<typeof twoInstances>>) {
  const email = `admin-${randomUUID()}@example.com`;
  const { password } = await createAdminAccounts({
    repo: createAuthRepo(pair.database.db),
    events: pair.apps[0].events,
  }).createAdmin(email);
  const attempt = (app: FastifyInstance, i: number, guess: string) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/login',
      remoteAddress: `198.51.100.${i + 1}`,
      payload: { email, password: guess },
    });
  const answers = await Promise.all(
    Array.from({ length: 11 }, (_, i) =>
      attempt(pair.apps[i % 2] as FastifyInstance, i, `wrong ${i}`),
    ),
  );
  const sessions = await queryRows<{ n: number }>(
    pair.database,
    sql`select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.email = ${email}`,
  );
  // The right password, now, from a fresh address on either instance: still locked out.
  const afterwards = await attempt(pair.apps[1], 99, password);
  return { answers, sessions: sessions[0]?.n, afterwards };
}

function expectExactlyTenChecked(result: Awaited<ReturnType<typeof guessConcurrently>>) {
  const statuses = result.answers.map((r) => r.statusCode).sort();
  expect(statuses).toEqual([...Array(10).fill(401), 429]);
  const refused = result.answers.find((r) => r.statusCode === 429);
  expect(refused?.json().error.code).toBe('RATE_LIMITED');
  expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
  expect(result.sessions).toBe(0);
  expect(result.afterwards.statusCode).toBe(429);
  expect(Number(result.afterwards.headers['retry-after'])).toBeGreaterThan(0);
}

describe('admin sign-in limits shared by two instances', () => {
  describe('counted in the database', () => {
    let pair: Awaited<ReturnType<typeof twoInstances>>;
    beforeAll(async () => {
      pair = await twoInstances();
    });
    afterAll(() => pair.close());

    it('checks exactly 10 of 11 concurrent wrong passwords for one account, across addresses', async () => {
      expectExactlyTenChecked(await guessConcurrently(pair));
    });
  });

  describe.skipIf(!redisUp)('counted in Redis', () => {
    const prefix = `parley-test-${randomUUID()}:`;
    let pair: Awaited<ReturnType<typeof twoInstances>>;
    beforeAll(async () => {
      pair = await twoInstances({ REDIS_URL, REDIS_KEY_PREFIX: prefix });
    });
    afterAll(async () => {
      await pair.close();
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    });

    it('checks exactly 10 of 11 concurrent wrong passwords, and counts nothing in the database', async () => {
      expectExactlyTenChecked(await guessConcurrently(pair));
      const rows = await queryRows<{ n: number }>(
        pair.database,
        sql`select count(*)::int as n from rate_limits`,
      );
      expect(rows[0]?.n).toBe(0);
      const redis = new Redis(REDIS_URL);
      expect((await redis.keys(`${prefix}*`)).length).toBeGreaterThan(0);
      await redis.quit();
    });
  });
});
