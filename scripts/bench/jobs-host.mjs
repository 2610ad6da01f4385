// The Parley that `npm run bench:jobs` loads: the built app started as main.js starts it,
// in this process, so the parent can ask it over IPC to run one pass of a job now, as the
// tests do, and hear how long it took. The parent's environment sets the renewal,
// low-balance and retention timers far apart, so none of those runs unasked meanwhile.
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
// The jobs' first passes at start (renewals, low balance, retention) end before any
// measurement; call settlement and mail expiry keep their short timers.
await Promise.all([app.renewalJob.runOnce(), app.lowBalance.runOnce(), app.retention.runOnce()]);
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
async function stop() {
  await app.close();
  await database.close();
  process.exit(0);
}
process.once('SIGTERM', stop);
// The bench gone however it ended: nothing is left listening.
process.once('disconnect', stop);
process.send({ ready: true });
