// npm run admin -- create --email someone@example.com
// Creates an admin (or promotes an existing user) and prints a new password once.
// npm run admin -- reset-2fa --email someone@example.com
// Removes a lost second factor (and ends the admin's sessions); the next sign-in sets one up.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config/env.js';
import { resolveSessionSecret } from '../config/session-secret.js';
import { openDatabase } from '../db/client.js';
import { DataDirLockedError } from '../db/lock.js';
import { createEventBus } from '../lib/event-bus.js';
import { createAdminAccounts } from '../modules/auth/admin-accounts.js';
import { createAuthRepo } from '../modules/auth/auth.repo.js';
import { createSecondFactor } from '../modules/auth/second-factor.js';
import { createSecondFactorRepo } from '../modules/auth/second-factor.repo.js';
import { createSecretBox } from '../modules/auth/secret-box.js';

const USAGE =
  'Usage: npm run admin -- create --email someone@example.com\n' +
  '       npm run admin -- reset-2fa --email someone@example.com';
const COMMANDS = ['create', 'reset-2fa'];

async function run(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    options: { email: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const email = z.email().safeParse(values.email?.trim().toLowerCase());
  const command = positionals[0] ?? '';
  if (!COMMANDS.includes(command) || positionals.length !== 1 || !email.success) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    const accounts = createAdminAccounts({
      repo: createAuthRepo(database.db),
      events: createEventBus(),
      secondFactor: createSecondFactor({
        repo: createSecondFactorRepo(database.db),
        box: createSecretBox(config.totpEncryptionKey ?? resolveSessionSecret(config)),
      }),
    });
    if (command === 'reset-2fa') {
      const { found } = await accounts.resetSecondFactor(email.data);
      if (!found) {
        console.error(`No admin has the email ${email.data}.`);
        return 1;
      }
      process.stdout.write(
        `Removed the second factor of ${email.data} and ended their sessions.\n` +
          'Their next sign-in at /admin/login sets up a new one.\n',
      );
      return 0;
    }
    const { created, password } = await accounts.createAdmin(email.data);
    process.stdout.write(
      `${created ? 'Created' : 'Promoted'} admin ${email.data}.\n` +
        `Password (shown once, keep it safe): ${password}\n` +
        'Sign in at /admin/login.\n',
    );
    return 0;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    const known =
      err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof TypeError;
    console.error(known ? (err as Error).message : err);
    if (err instanceof TypeError) console.error(USAGE);
    process.exit(1);
  },
);
