import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type AppDeps, buildApp } from '../src/app.js';
import { seedCatalogueOnce } from '../src/modules/catalogue/catalogue-seed.repo.js';
import { createTestDatabase, generousLimits, TEST_SESSION_SECRET, testConfig } from './helpers.js';
import { startSmppServer } from './smpp-server.js';

export type SmppServer = Awaited<ReturnType<typeof startSmppServer>>;
export type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

export type SmppAppsOptions = {
  /** SMS dependencies beside the shared ones (a 50 ms poll, a 100 ms retry delay). */
  sms?: Partial<NonNullable<AppDeps['sms']>>;
  /** False when the test sends each delivery receipt itself. */
  autoReceipts?: boolean;
  /** The building hook's time limit, for files that need longer than the default. */
  timeout?: number;
};

/**
 * The set-up the SMPP integration tests share: a real SMPP server on 127.0.0.1 and a
 * fresh seeded database, made before the file's tests (and before its own `beforeAll`),
 * and apps started on them with SMS_GATEWAY=smpp. Files that restart or run two
 * instances call `start` more than once; whatever is still running is closed after the
 * file's tests, then the database and the server.
 */
export function useSmppApps(options: SmppAppsOptions = {}) {
  let smsc: SmppServer | undefined;
  let database: TestDatabase | undefined;
  const apps = new Set<FastifyInstance>();
  const ready = <T>(value: T | undefined): T => {
    if (!value)
      throw new Error('the SMPP set-up is made in beforeAll; use it inside a test or hook');
    return value;
  };

  beforeAll(async () => {
    smsc = await startSmppServer({ systemId: 'parley', password: 'secret' });
    if (options.autoReceipts === false) smsc.state.autoReceipts = false;
    database = await createTestDatabase();
    await seedCatalogueOnce(database.db);
  }, options.timeout);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
    await smsc?.close();
  });

  /** An app on the shared database and server, ready; `env` beside the SMPP settings. */
  async function start(env: Record<string, string> = {}, deps: Partial<AppDeps> = {}) {
    const app = await buildApp({
      config: testConfig({
        SMS_GATEWAY: 'smpp',
        SMPP_HOST: '127.0.0.1',
        SMPP_PORT: String(ready(smsc).port),
        SMPP_SYSTEM_ID: 'parley',
        SMPP_PASSWORD: 'secret',
        SMPP_SUBMITS_PER_SECOND: '200',
        ...env,
      }),
      database: ready(database),
      sessionSecret: TEST_SESSION_SECRET,
      challengeCounterRange: [1, 50],
      authLimits: generousLimits(),
      sms: { pollMs: 50, retryDelayMs: () => 100, ...options.sms },
      ...deps,
    });
    await app.ready();
    apps.add(app);
    return app;
  }
  async function stop(app: FastifyInstance) {
    apps.delete(app);
    await app.close();
  }

  return {
    get smsc() {
      return ready(smsc);
    },
    get database() {
      return ready(database);
    },
    start,
    stop,
  };
}
