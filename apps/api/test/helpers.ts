import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config/env.js';
import { type Database, openDatabase } from '../src/db/client.js';

/** A fresh database per test file: in-memory PGlite, or a new PostgreSQL database in CI. */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.PARLEY_TEST_DB !== 'postgres' || !url)
    return openDatabase({ kind: 'pglite-memory' });

  const admin = postgres(url, { max: 1, onnotice: () => {} });
  const name = `parley_test_${randomUUID().replaceAll('-', '')}`;
  await admin.unsafe(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: target.toString(), max: 4 });
  return {
    ...database,
    async close() {
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export function tempDir(prefix = 'parley-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function testConfig(env: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({ NODE_ENV: 'test', DATA_DIR: tempDir(), WEB_DIST_DIR: tempDir(), ...env });
}

export async function createTestApp(env: NodeJS.ProcessEnv = {}) {
  const database = await createTestDatabase();
  const config = testConfig(env);
  const app = await buildApp({ config, database });
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
