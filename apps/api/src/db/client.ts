import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { acquireDataDirLock } from './lock.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /**
   * The background jobs' (today the SMS outbox and its receipts): on PostgreSQL a small
   * pool of its own, so their statements never queue behind the requests' (decision
   * 0081); on the embedded database the same as `db`.
   */
  jobsDb: Db;
  driver: 'pglite' | 'postgres';
  /** LISTEN on a channel; resolves to a function that stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const MIGRATIONS = path.resolve(import.meta.dirname, '../../drizzle');

/**
 * PostgreSQL settings of the embedded database, on top of PGlite's own start parameters
 * (kept as they are: single-user mode and its durability settings). PGlite zero-fills its
 * shared memory inside a WebAssembly heap that never shrinks, so shared_buffers is
 * resident from the first second: initdb's 128MB held about 150 MB of the process's RSS
 * for a database of about 10 MB. Pages beyond the buffers are read from the files
 * (the kernel's page cache), as PostgreSQL does. One backend, so the per-connection
 * tables are sized for a few, not initdb's 100.
 */
export const PGLITE_SETTINGS = {
  shared_buffers: '16MB',
  max_connections: '4',
} as const;

/**
 * V8 compiles PGlite's WebAssembly twice: quickly (Liftoff) for everything, then again
 * with its optimising compiler for the functions that run often. The second tier's code
 * and the compiler's working memory (kept by the memory allocator once freed) held 30–55 MB
 * of the embedded mode's RSS, for about 5 % more time on a query-heavy loop (measured in
 * docs/performance.md, "Memory"). The flag is read when a module is compiled, so it is set
 * before the first PGlite starts (setting it again changes nothing); it only concerns
 * WebAssembly, which only PGlite uses. (The server on it also favours memory in its
 * JavaScript heap: main.ts, decision 0076.)
 */
const compileWasmOnce = () => v8.setFlagsFromString('--liftoff-only');

const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
];

/**
 * The extensions the migrations create (trigrams for the admin's user search): any
 * PGlite that applies them must load these.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * Creates a new embedded database (initdb) in a short-lived child process. In this
 * process, initdb's second PGlite instance, a copy of its heap and the tar of its data
 * folder (about 450 MB together) stayed resident long after they were garbage: the
 * memory allocator keeps what was freed. A child gives it all back when it exits.
 */
async function initPgliteDataDir(dataPath: string): Promise<void> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  // Ends if this process goes away (the 'ipc' channel closes), so it never writes on
  // after the data folder's lock is released.
  const script = `
    process.on('disconnect', () => process.exit(1));
    const { PGlite } = require(process.argv[1]);
    PGlite.create(process.argv[2], { startParams: JSON.parse(process.argv[3]) })
      .then((pg) => pg.close())
      .then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });
  `;
  const child = spawn(
    process.execPath,
    ['-e', script, entry, dataPath, JSON.stringify(PGLITE_START_PARAMS)],
    { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  if (code !== 0) {
    throw new Error(`Creating the embedded database failed (exit ${code}): ${stderr.trim()}`);
  }
}

/**
 * An empty embedded database with every migration applied, as a tar image. initdb is
 * most of a new PGlite's start (about 1.5 of 1.8 s here); the tests open hundreds of
 * databases, each from one image.
 */
export async function pgliteImage(): Promise<Blob> {
  const client = await PGlite.create({
    startParams: PGLITE_START_PARAMS,
    extensions: PGLITE_EXTENSIONS,
  });
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** Any number that is Parley's own: the advisory lock migrations are applied under. */
const MIGRATION_LOCK = 7_254_631_001;

/**
 * Applies the migrations on a connection of its own, holding an advisory lock: instances
 * started together take turns (the migrator itself would let two apply the same one and
 * one of them fail), and the lock goes with the connection if the process dies. Not held
 * to the pool's statement timeout: an index built on a big table may take longer than
 * any request should.
 */
async function migrateOnce(url: string): Promise<void> {
  const connection = postgres(url, {
    max: 1,
    // Never retired while it holds the lock (postgres.js retires connections after
    // 30–60 minutes by default, and a waiting instance may wait that long).
    max_lifetime: null,
    onnotice: () => {},
    connection: { application_name: 'parley-migrate' },
  });
  try {
    await connection`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePostgres(drizzlePostgres({ client: connection, schema }), {
      migrationsFolder: MIGRATIONS,
    });
  } finally {
    await connection.end({ timeout: 5 });
  }
}

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      max?: number;
      /** The jobs' pool (`jobsDb`): 3 connections unless set. */
      jobsMax?: number;
      /** The longest one statement of the pool may run; migrations are not held to it. */
      statementTimeoutMs?: number | null;
      /** What the server says besides answers (the plan test reads auto_explain's plans). */
      onNotice?: (notice: { message?: string }) => void;
    }
  | { kind: 'pglite'; dataDir: string }
  /** In memory; from a `pgliteImage()` when given, which skips initdb and the migrations. */
  | { kind: 'pglite-memory'; image?: Blob };

/** Opens the database and brings its schema up to date before anything uses it. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const timeout = target.statementTimeoutMs ?? null;
    const pool = (max: number, name: string) =>
      postgres(target.url, {
        max,
        onnotice: target.onNotice ?? (() => {}),
        // Sent when each connection opens, so every statement of the pool is held to it.
        connection: {
          application_name: name,
          ...(timeout ? { statement_timeout: timeout } : {}),
        },
      });
    const client = pool(target.max ?? 10, 'parley');
    const jobs = pool(target.jobsMax ?? 3, 'parley-jobs');
    const close = async () => {
      await Promise.all([client.end({ timeout: 5 }), jobs.end({ timeout: 5 })]);
    };
    try {
      await migrateOnce(target.url);
      // The jobs' pool is tried at start: a server with no room for it in
      // max_connections stops here, rather than take messages its outbox cannot send.
      await jobs`select 1`;
    } catch (err) {
      await close();
      throw err;
    }
    return {
      db: drizzlePostgres({ client, schema }) as unknown as Db,
      jobsDb: drizzlePostgres({ client: jobs, schema }) as unknown as Db,
      driver: 'postgres',
      async listen(channel, onPayload) {
        const { unlisten } = await client.listen(channel, onPayload);
        return unlisten;
      },
      close,
    };
  }

  let release = () => {};
  let dataPath: string | undefined;
  if (target.kind === 'pglite') {
    release = acquireDataDirLock(target.dataDir);
    dataPath = path.join(target.dataDir, 'pgdata');
    fs.mkdirSync(dataPath, { recursive: true });
  }
  try {
    // PG_VERSION is what PGlite checks to decide whether to run initdb.
    if (dataPath && !fs.existsSync(path.join(dataPath, 'PG_VERSION'))) {
      await initPgliteDataDir(dataPath);
    }
    if (target.kind === 'pglite') compileWasmOnce();
    const client = await PGlite.create(dataPath, {
      startParams: PGLITE_START_PARAMS,
      extensions: PGLITE_EXTENSIONS,
      ...(target.kind === 'pglite-memory' && target.image ? { loadDataDir: target.image } : {}),
    });
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS });
    return {
      db: db as unknown as Db,
      jobsDb: db as unknown as Db,
      driver: 'pglite',
      async listen(channel, onPayload) {
        const stop = await client.listen(channel, onPayload);
        return async () => stop();
      },
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
