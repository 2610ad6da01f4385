import v8 from 'node:v8';
import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config/env.js';
import { resolveSessionSecret } from './config/session-secret.js';
import { type DatabaseTarget, openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/lock.js';
import { setUpAdminAccounts } from './modules/auth/auth.setup.js';
import { seedCatalogueOnce } from './modules/catalogue/catalogue-seed.repo.js';
import { createSystemRepo } from './modules/system/system.repo.js';

/**
 * The embedded mode's budget is memory: V8 grows its heap conservatively (decision 0076).
 * Set here, not where PGlite opens: tests and tools open it too. Read at each collection.
 */
const EMBEDDED_SERVER_V8_FLAGS = '--optimize-for-size';

function databaseTarget(config: Config): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, ...config.databasePool }
    : { kind: 'pglite', dataDir: config.dataDir };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const sessionSecret = resolveSessionSecret(config);
  const target = databaseTarget(config);
  if (target.kind === 'pglite') v8.setFlagsFromString(EMBEDDED_SERVER_V8_FLAGS);
  const database = await openDatabase(target);
  const installedAt = await createSystemRepo(database.db).installedAt();
  const catalogueSeeded = await seedCatalogueOnce(database.db);
  // The app's own (stored) event bus, so events published here reach the streams.
  const app = await buildApp({ config, database, sessionSecret });
  if (config.admin) {
    const accounts = setUpAdminAccounts({
      db: database.db,
      config,
      sessionSecret,
      events: app.events,
    });
    const { email, password, totpSecret } = config.admin;
    const admin = await accounts.ensureAdmin(email, password, totpSecret);
    // Which happened, never the address or the password.
    app.log.info(
      admin.created
        ? 'ADMIN_EMAIL: the admin account was created'
        : admin.updated
          ? 'ADMIN_EMAIL: the account with that address is now an admin with ADMIN_PASSWORD'
          : 'ADMIN_EMAIL: the admin account is already as configured',
    );
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    app.log.fatal({ err }, 'could not listen');
    await database.close();
    process.exit(1);
  }
  // The port actually bound (PORT=0 lets the system choose one).
  const bound = app.server.address();
  const port = typeof bound === 'object' && bound ? bound.port : config.port;
  app.log.info(
    {
      database: database.driver === 'pglite' ? config.dataDir : 'postgres',
      installedAt,
      catalogueSeeded,
      // Whether notices go by email; never the server's address or credentials.
      mail: config.mail.smtp ? 'smtp' : 'off',
    },
    `Parley is ready on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
  );
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(`Parley cannot start. ${err.message}`);
  } else {
    console.error('Parley cannot start.', err);
  }
  process.exit(1);
});
