// npm run bench:embedded: the embedded database (PGlite) on a tenth of the large history.
// Two data folders in a temporary directory: one Parley creates itself (near-empty) and one
// filled by `bench:seed-large` (its embedded default, a tenth of the PostgreSQL scale).
// Each gets the bench's reader, fillers and admin; then Parley is started on it again and
// its idle RSS read, and every read row of `npm run bench` loaded on it. Goals: each read
// within EMBEDDED_MAX× of its near-empty time, and the RSS on either folder, idle after
// start and idle again after the reads, within the embedded budget. Everything listens on
// 127.0.0.1, is bounded in time, stopped by its pid, and the folders are removed at the end.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminSession, preparePayments } from './api.mjs';
import {
  duration,
  EMBEDDED_IDLE_MB,
  ENDPOINTS,
  HISTORY_ROWS,
  isReadRow,
  root,
  warmup,
} from './config.mjs';
import { seedLarge } from './large.mjs';
import { load } from './load.mjs';
import { rssMb, SETTLE_MS } from './memory.mjs';
import { prepareHistory, signUpReader } from './prepare.mjs';
import { running, startParley, stopAll } from './processes.mjs';
import { pad } from './report.mjs';
import { stopChild } from './server.mjs';

/** How much slower a read may be on the large history than on the near-empty one. */
const EMBEDDED_MAX = 2;
/** BENCH_EMBEDDED_SCALE: the large history's scale (default a tenth of PostgreSQL's). */
const scale = process.env.BENCH_EMBEDDED_SCALE ?? '0.1';
if (!(Number(scale) > 0 && Number(scale) <= 10)) {
  console.error(`bench embedded: BENCH_EMBEDDED_SCALE must be a number above 0, at most 10`);
  process.exit(2);
}
/** After the reads: long enough for V8 to give back what it can once a server idles. */
const IDLE_AGAIN_MS = 20_000;
/** A first start creates, migrates and seeds the database: as memory.mjs allows. */
const START_MS = 60_000;

const api = (file) => path.join(root, 'apps/api/dist', file);
const readRows = ENDPOINTS.filter(isReadRow);

/** The seed's process while it runs: stopped by its pid however the run ends. */
let seeding = null;

/**
 * The reader's history, written with Parley stopped (one process owns a data folder):
 * prepareHistory's statements through the API's own embedded client.
 */
async function writeHistory(dataDir, readerId) {
  const { openDatabase } = await import(api('db/client.js'));
  const { sql } = await import('drizzle-orm');
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await prepareHistory(
      (strings, ...values) => database.db.execute(sql(strings, ...values)),
      readerId,
      HISTORY_ROWS,
    );
  } finally {
    await database.close();
  }
}

/** One folder: made ready, started again, its idle RSS read and every read row loaded. */
async function measureFolder(dataDir) {
  let parley = await startParley({ dataDir, healthyWithinMs: START_MS });
  const admin = await adminSession(parley);
  await preparePayments(parley, admin);
  const reader = await signUpReader(parley, []);
  await stopChild(running.parley);
  await writeHistory(dataDir, reader.id);
  // Sessions live in the database: both still sign in after the restart.
  parley = await startParley({ dataDir, healthyWithinMs: START_MS });
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const idleMb = rssMb(running.parley.pid);
  const sessions = { admin, reader: reader.cookie };
  const rows = [];
  for (const endpoint of readRows)
    rows.push({
      endpoint,
      ...(await load(parley + endpoint.path, { headers: { cookie: sessions[endpoint.as] } })),
    });
  const afterMb = rssMb(running.parley.pid);
  await new Promise((resolve) => setTimeout(resolve, IDLE_AGAIN_MS));
  const idleAgainMb = rssMb(running.parley.pid);
  await stopChild(running.parley);
  return { idleMb, afterMb, idleAgainMb, rows };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-embedded-'));
// A server or seed just killed may still be closing its files: retry a little.
const removeFolders = () =>
  fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });

async function main() {
  const nearEmptyDir = path.join(dir, 'near-empty');
  const largeDir = path.join(dir, 'large');
  const missed = [];
  try {
    console.log(`bench embedded: seeding a history at scale ${scale} into ${largeDir}`);
    const seeded = Date.now();
    await seedLarge({ DATA_DIR: largeDir }, ['--scale', scale], (child) => {
      seeding = child;
    });
    console.log(`seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s\n`);
    const nearEmpty = await measureFolder(nearEmptyDir);
    const large = await measureFolder(largeDir);
    console.log(
      `${pad('endpoint', 36)}${pad('near-empty req/s', 18)}${pad('large req/s', 13)}` +
        `${pad('p99 ms', 8)}${pad('cpu µs', 8)}slower ×`,
    );
    for (const [i, row] of large.rows.entries()) {
      const before = nearEmpty.rows[i];
      const slower = before.rps / row.rps;
      const failures = [
        ...(before.failure ? [`near-empty: ${before.failure}`] : []),
        ...(row.failure ? [`large: ${row.failure}`] : []),
      ];
      const failure = failures.length > 0;
      for (const f of failures) missed.push(`${row.endpoint.name}: ${f}`);
      if (!failure && slower > EMBEDDED_MAX)
        missed.push(`${row.endpoint.name}: ${slower.toFixed(2)}× on the large history`);
      console.log(
        pad(row.endpoint.name, 36) +
          pad(Math.round(before.rps), 18) +
          pad(Math.round(row.rps), 13) +
          pad(row.p99, 8) +
          pad(row.cpuPerRequest === null ? '' : Math.round(row.cpuPerRequest), 8) +
          `${slower.toFixed(2)}${slower > EMBEDDED_MAX ? '  MISSED' : ''}${failure ? '  FAILED' : ''}`,
      );
    }
    console.log(
      `\nRSS (MB) ${SETTLE_MS / 1000} s after start, right after the reads, ` +
        `${IDLE_AGAIN_MS / 1000} s later: near-empty ${nearEmpty.idleMb}, ${nearEmpty.afterMb}, ` +
        `${nearEmpty.idleAgainMb}; large ${large.idleMb}, ${large.afterMb}, ` +
        `${large.idleAgainMb} (idle budget ${EMBEDDED_IDLE_MB})`,
    );
    for (const [name, folder] of [
      ['near-empty', nearEmpty],
      ['large history', large],
    ]) {
      if (folder.idleMb > EMBEDDED_IDLE_MB)
        missed.push(`idle RSS on the ${name} after start: ${folder.idleMb} MB`);
      if (folder.idleAgainMb > EMBEDDED_IDLE_MB)
        missed.push(`idle RSS on the ${name} after the reads: ${folder.idleAgainMb} MB`);
    }
  } finally {
    if (running.parley) await stopChild(running.parley);
    removeFolders();
  }
  console.log(
    missed.length
      ? `\ngoals missed:\n  ${missed.join('\n  ')}`
      : `\ngoals: all met (reads within ${EMBEDDED_MAX}×, idle RSS before and after them)`,
  );
  if (missed.length) process.exitCode = 1;
}

// However it goes, it ends: the seed (about 250 s per unit of scale here, allowed four
// times that), then per folder two starts and stops, the sign-ups, the settle and idle
// waits and the reads, with room.
const perFolderS =
  2 * (START_MS / 1000 + 15) +
  60 +
  (SETTLE_MS + IDLE_AGAIN_MS) / 1000 +
  readRows.length * (warmup + duration + 5);
const budgetMs = (60 + 1000 * Number(scale) + 2 * perFolderS) * 1000;
setTimeout(() => {
  console.error('bench embedded: over its time budget, stopping');
  process.exit(1);
}, budgetMs).unref();
// Every child by its pid, and at once: the folders go only once nothing writes in them.
process.on('exit', () => {
  for (const child of [seeding, running.parley])
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  stopAll();
  removeFolders();
});
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));
await main();
