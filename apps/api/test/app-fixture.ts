import { afterAll, beforeAll } from 'vitest';
import type { AppDeps } from '../src/app.js';
import { seedCatalogueOnce } from '../src/modules/catalogue/catalogue-seed.repo.js';
import { createTestApp } from './helpers.js';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export type TestAppOptions = {
  /** Settings beside the test defaults (testConfig). */
  env?: NodeJS.ProcessEnv;
  /** Dependencies beside the test defaults; a function when they are made per file run. */
  deps?: Partial<AppDeps> | (() => Partial<AppDeps>);
  /** Seeds the catalogue (services, packages, country prices) the way a first start does. */
  seedCatalogue?: boolean;
  /** Waits for the app's plugins and start-up work (jobs, the outbox) before the tests. */
  ready?: boolean;
  /** The building hook's time limit, for apps that need longer than the default. */
  timeout?: number;
};

/**
 * The integration-test set-up most files share: one app on a fresh database, built
 * before the file's tests (and before the file's own `beforeAll`, which runs after it)
 * and closed after them. The returned object reads the app as it is at the time, so
 * tests use `ctx.app`, `ctx.database` and `ctx.config` as with `createTestApp`.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  let built: TestApp | undefined;
  const current = (): TestApp => {
    if (!built) throw new Error('the test app is built in beforeAll; use it inside a test or hook');
    return built;
  };
  beforeAll(async () => {
    const deps = typeof options.deps === 'function' ? options.deps() : options.deps;
    built = await createTestApp(options.env, deps);
    if (options.seedCatalogue) await seedCatalogueOnce(built.database.db);
    if (options.ready) await built.app.ready();
  }, options.timeout);
  afterAll(() => built?.close());
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get config() {
      return current().config;
    },
    close: () => current().close(),
  };
}
