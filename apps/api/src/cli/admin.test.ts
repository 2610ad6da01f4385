import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { apiNodeArgs } from '../../test/api-entry.js';
import { tempDir } from '../../test/helpers.js';
import { openEmbeddedOnDisk } from '../../test/test-database.js';
import { openDatabase } from '../db/client.js';
import { createEventBus } from '../lib/event-bus.js';
import { createAdminAccounts } from '../modules/auth/admin-accounts.js';
import { createAuthRepo } from '../modules/auth/auth.repo.js';
import { verifyPassword } from '../modules/auth/passwords.js';
import { createSecondFactorRepo } from '../modules/auth/second-factor.repo.js';

const run = (args: string[], dataDir: string) =>
  spawnSync(process.execPath, [...apiNodeArgs('cli/admin'), ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
    encoding: 'utf8',
    timeout: 150_000,
  });

describe('npm run admin -- create', () => {
  it('creates an admin and prints a password that works, once', { timeout: 90_000 }, async () => {
    // An empty folder, as on a first start: the CLI creates the database itself.
    const dataDir = tempDir();
    const result = run(['create', '--email', 'Root@Example.com'], dataDir);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const password = result.stdout.match(/Password \(shown once, keep it safe\): (\S+)/)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(20);

    const database = await openDatabase({ kind: 'pglite', dataDir });
    const user = await createAuthRepo(database.db).findUserByEmail('root@example.com');
    await database.close();
    expect(user?.isAdmin).toBe(true);
    expect(await verifyPassword(user?.passwordHash ?? '', password)).toBe(true);
  });

  it('explains its usage when the email is missing or wrong', { timeout: 60_000 }, () => {
    const result = run(['create', '--email', 'nope'], tempDir());
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Usage: npm run admin -- create --email');
  });
});

describe('npm run admin -- reset-2fa', () => {
  it('removes a lost second factor, so the next sign-in sets one up', {
    timeout: 400_000,
  }, async () => {
    const dataDir = tempDir();
    let database = await openEmbeddedOnDisk(dataDir);
    const repo = createAuthRepo(database.db);
    await createAdminAccounts({ repo, events: createEventBus() }).createAdmin('lost@example.com');
    const user = await repo.findUserByEmail('lost@example.com');
    await createSecondFactorRepo(database.db).provisionFactor(
      user?.id ?? '',
      'v1.x.y.z',
      new Date(),
    );
    await database.close();

    const result = run(['reset-2fa', '--email', 'Lost@Example.com'], dataDir);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Removed the second factor of lost@example.com');

    database = await openDatabase({ kind: 'pglite', dataDir });
    const factor = await createSecondFactorRepo(database.db).findFactor(user?.id ?? '');
    await database.close();
    expect(factor).toBeUndefined();

    const unknown = run(['reset-2fa', '--email', 'nobody@example.com'], dataDir);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No admin has the email nobody@example.com');
  });
});
