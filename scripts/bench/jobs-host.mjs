// The Parley that `npm run bench:jobs` loads: the built app started as main.js starts it,
// in this process, so the parent can ask it over IPC to run one pass of a job now, as the
// tests do, and hear how long it took. The jobs' own timers are set far apart by the
// parent's environment, so none runs unasked during a measurement.
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../apps/api/dist/app.js';
import { loadConfig } from '../../apps/api/dist/config/env.js';
import { resolveSessionSecret } from '../../apps/api/dist/config/session-secret.js';
import { openDatabase } from '../../apps/api/dist/db/client.js';
import { setUpAdminAccounts } from '../../apps/api/dist/modules/auth/auth.setup.js';
import { seedCatalogueOnce } from '../../apps/api/dist/modules/catalogue/catalogue-seed.repo.js';

const config = loadConfig();
const sessionSecret = resolveSessionSecret(config);
const database = await openDatabase({
  kind: 'postgres',
  url: config.databaseUrl,
  ...config.databasePool,
});
await seedCatalogueOnce(database.db);
const app = await buildApp({ config, database, sessionSecret });
const { email, password, totpSecret } = config.admin;
await setUpAdminAccounts({
  db: database.db,
  config,
  sessionSecret,
  events: app.events,
}).ensureAdmin(email, password, totpSecret);
await app.listen({ port: config.port, host: '127.0.0.1' });

/** One pass of each job, as the app's tests run them by hand. */
const PASSES = {
  renewals: () => app.renewalJob.runOnce(),
  'low balance': () => app.lowBalance.runOnce(),
  retention: () => app.retention.runOnce(),
  'call settlement': () => app.voiceJobs.tick(),
  'mail expiry': () => app.mailSettle(),
};

process.on('message', async ({ job, id }) => {
  const started = performance.now();
  try {
    const result = await PASSES[job]();
    process.send({ id, ms: performance.now() - started, result: result ?? null });
  } catch (err) {
    process.send({ id, error: String(err?.stack ?? err) });
  }
});
process.once('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
process.send({ ready: true });
