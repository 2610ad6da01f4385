import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { type Database, MIGRATIONS, openDatabase, pgliteImage } from '../src/db/client.js';

/**
 * Test databases start from a copy of one migrated database instead of running initdb
 * and every migration each time: an embedded one from a tar image in the temporary
 * folder, a PostgreSQL one from a template database. Both are named after a digest of
 * the migrations (and PGlite's version), so a changed migration makes a new one.
 */
function migrationsDigest(): string {
  const hash = createHash('sha256');
  // PGlite's version, from the package.json above its entry (it exports no ./package.json).
  let folder = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(folder, 'package.json'))) folder = path.dirname(folder);
  hash.update(fs.readFileSync(path.join(folder, 'package.json')));
  for (const dir of [MIGRATIONS, path.join(MIGRATIONS, 'meta')])
    for (const name of fs.readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (!fs.statSync(file).isFile()) continue;
      hash.update(name);
      hash.update(fs.readFileSync(file));
    }
  return hash.digest('hex').slice(0, 16);
}

let digest: string | undefined;
const migrationsId = () => {
  digest ??= migrationsDigest();
  return digest;
};

/**
 * The embedded image, made by whichever test file needs it first (written whole, then
 * renamed), and read once per worker. PGlite reads the image with `arrayBuffer()` and only
 * copies out of it; a real Blob of 44 MB took about 0.6 s of CPU to read each time on
 * Node 20 (it is read in chunks and joined), so the bytes are handed over as they are.
 */
let imageBytes: Promise<ArrayBuffer> | undefined;
const theImage = () => {
  imageBytes ??= readImage();
  return imageBytes;
};
async function readImage(): Promise<ArrayBuffer> {
  const file = path.join(os.tmpdir(), `parley-test-pglite-${migrationsId()}.tar`);
  if (!fs.existsSync(file)) {
    const image = await pgliteImage();
    const partial = `${file}.${randomUUID()}`;
    fs.writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
    fs.renameSync(partial, file);
  }
  const bytes = fs.readFileSync(file);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
}
async function embeddedImage(): Promise<Blob> {
  const bytes = await theImage();
  return { type: 'application/x-tar', arrayBuffer: async () => bytes } as Blob;
}

/** The text of a tar header's field: up to its first NUL. */
const field = (bytes: Uint8Array, from: number, length: number) =>
  Buffer.from(bytes.subarray(from, from + length))
    .toString('utf8')
    .replace(/\0.*$/s, '');

/**
 * An embedded database on disk in `dataDir`, as the server keeps one, unpacked from the
 * image: initdb and every migration cost a new data folder about 8 s of CPU. The image is
 * PGlite's own ustar (512-byte headers, sizes in octal, `0` files and `5` folders).
 */
export async function embeddedDataDir(dataDir: string): Promise<void> {
  const tar = new Uint8Array(await theImage());
  const root = path.join(dataDir, 'pgdata');
  fs.mkdirSync(root, { recursive: true });
  let at = 0;
  // The archive ends with a block of zeros; anything else cut short is refused.
  while (tar[at] !== 0) {
    if (at + 512 > tar.length) throw new Error('The test image ends inside a header.');
    const name = path.join(root, field(tar, at + 345, 155), field(tar, at, 100));
    const inside = path.relative(root, name);
    if (inside.startsWith('..') || path.isAbsolute(inside))
      throw new Error(`The test image names ${name}, outside its folder.`);
    const size = field(tar, at + 124, 12).trim();
    if (!/^[0-7]+$/.test(size)) throw new Error(`The test image gives ${name} no size.`);
    const end = at + 512 + Number.parseInt(size, 8);
    if (end > tar.length) throw new Error(`The test image ends inside ${name}.`);
    const type = String.fromCharCode(tar[at + 156] ?? 0);
    if (type === '5') fs.mkdirSync(name, { recursive: true });
    else if (type === '0' || type === '\0') {
      fs.mkdirSync(path.dirname(name), { recursive: true });
      fs.writeFileSync(name, tar.subarray(at + 512, end), { mode: 0o600 });
    }
    at += 512 + Math.ceil((end - at - 512) / 512) * 512;
  }
}

/** The template database, made once under an advisory lock so parallel files wait for it. */
async function postgresTemplate(admin: postgres.Sql, url: string): Promise<string> {
  const name = `parley_template_${migrationsId()}`;
  const exists = async () =>
    (await admin`select 1 from pg_database where datname = ${name} and datistemplate`).length > 0;
  if (await exists()) return name;
  await admin`select pg_advisory_lock(hashtext(${name}))`;
  try {
    if (await exists()) return name;
    const building = `${name}_${randomUUID().slice(0, 8)}`;
    await admin.unsafe(`create database ${building}`);
    const target = new URL(url);
    target.pathname = `/${building}`;
    const database = await openDatabase({ kind: 'postgres', url: target.toString(), max: 1 });
    await database.close();
    await admin.unsafe(`alter database ${building} rename to ${name}`);
    await admin.unsafe(`alter database ${name} is_template true`);
    return name;
  } finally {
    await admin`select pg_advisory_unlock(hashtext(${name}))`;
  }
}

/**
 * The exchange rates a migration seeds carry the time it ran; a copy made earlier would
 * hand a test rates that have gone stale since, so they are stamped as a new database's.
 */
async function stampedNow<T extends Database>(database: T): Promise<T> {
  await database.db.execute(
    sql`update exchange_rates set updated_at = now() where source = 'seed'`,
  );
  return database;
}

/** `embeddedDataDir`, opened as the server would open it, its seeded rates current. */
export async function openEmbeddedOnDisk(dataDir: string): Promise<Database> {
  await embeddedDataDir(dataDir);
  return stampedNow(await openDatabase({ kind: 'pglite', dataDir }));
}

/** A fresh database per test file: in-memory PGlite, or a new PostgreSQL database in CI. */
export async function createTestDatabase(
  kind: 'as-configured' | 'postgres' = 'as-configured',
): Promise<Database & { url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if ((kind !== 'postgres' && process.env.PARLEY_TEST_DB !== 'postgres') || !url)
    return stampedNow(await openDatabase({ kind: 'pglite-memory', image: await embeddedImage() }));

  const admin = postgres(url, { max: 1, onnotice: () => {} });
  const name = `parley_test_${randomUUID().replaceAll('-', '')}`;
  await admin.unsafe(`create database ${name} template ${await postgresTemplate(admin, url)}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await stampedNow(
    await openDatabase({ kind: 'postgres', url: target.toString(), max: 4 }),
  );
  return {
    ...database,
    /** For a second server instance on the same database. */
    url: target.toString(),
    async close() {
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
