import { availableParallelism } from 'node:os';
import { defaultServerConditions } from 'vite';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Workspace packages are read from their TypeScript source.
const resolve = {
  conditions: ['@parley/source', ...defaultServerConditions],
  externalConditions: ['@parley/source'],
};
const ssr = { resolve };

const api = (name: string, include: string[], db: 'pglite' | 'postgres') =>
  ({
    resolve,
    ssr,
    test: {
      name,
      root: 'apps/api',
      include,
      environment: 'node',
      env: { PARLEY_TEST_DB: db },
      testTimeout: 20_000,
      // One module graph per worker, not per file: every file imported the whole app
      // again (about 2 s each). Each file still builds its own app on its own database
      // (decision 0061). The web tests do the same, except those that mock (decision 0073).
      isolate: false,
      hookTimeout: 30_000,
    },
  }) satisfies TestProjectInlineConfiguration;

// Integration tests run on the embedded database always, and again on PostgreSQL when
// TEST_DATABASE_URL names one (CI sets it).
const postgresProjects = process.env.TEST_DATABASE_URL
  ? [api('api-postgres', ['src/**/*.int.test.ts'], 'postgres')]
  : [];

export default defineConfig({
  test: {
    // One worker more than the cores: the integration tests mostly wait on their
    // databases and peers (on 2 cores, every core took the suite from about 14 to 9
    // minutes; a third worker from 9.7 to 8).
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        resolve,
        ssr,
        test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] },
      },
      api('api', ['src/**/*.test.ts'], 'pglite'),
      ...postgresProjects,
      'apps/web/vitest.config.ts',
      'apps/web/vitest.mocks.config.ts',
    ],
  },
});
