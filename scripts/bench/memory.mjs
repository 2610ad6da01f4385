// Parley's resident memory (RSS) in both database modes: idle a few seconds after start,
// and at its peak under a short load. `node scripts/bench/memory.mjs` prints the rows and
// fails when the embedded mode's idle RSS is over its budget (docs/performance.md, "Memory").
// Everything listens on 127.0.0.1, runs for a bounded time, and is stopped by its pid.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { EMBEDDED_IDLE_MB } from './config.mjs';
import { freePort, inheritedEnv, parleyEnv, stopChild, waitHealthy } from './server.mjs';

const root = path.resolve(import.meta.dirname, '../..');
/** After /api/health first answers: start-up work (migrations, seed, timers) has settled. */
export const SETTLE_MS = 3000;
const SAMPLE_MS = 250;
const CONNECTIONS = 50;
// The health check, and a public GET that reads the database (the packages list).
const LOAD_PATHS = ['/api/health', '/api/packages'];

const children = new Set();
// However the run ends, no server is left behind (ChildProcess.kill signals its own pid).
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** VmRSS of a process in MB, from the kernel (what the system sees, not V8's view). */
export function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  return Math.round(kb / 1024);
}

async function startParley(dbEnv) {
  const port = await freePort();
  const child = fork(path.join(root, 'apps/api/dist/main.js'), {
    env: {
      ...inheritedEnv(),
      ...parleyEnv(port, {
        // The packages list is a rate-limited search; the load must not be turned away.
        AUTH_LIMIT_FACTOR: '1000',
        CATALOGUE_SEARCH_LIMIT: '100000',
        ...dbEnv,
      }),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const url = `http://127.0.0.1:${port}`;
  // A first start of the embedded mode creates its database: allow for a slow machine.
  try {
    await waitHealthy(child, url, 60_000);
  } catch (err) {
    await stopChild(child);
    throw err;
  }
  return { child, url };
}

/** Loads every path at once for `duration` s; the highest RSS sampled meanwhile, in MB. */
async function peakUnderLoad(child, url, duration) {
  let peak = rssMb(child.pid);
  const sampler = setInterval(() => {
    if (child.exitCode === null) peak = Math.max(peak, rssMb(child.pid));
  }, SAMPLE_MS);
  try {
    const results = await Promise.all(
      LOAD_PATHS.map((p) =>
        autocannon({
          url: url + p,
          connections: CONNECTIONS / LOAD_PATHS.length,
          duration,
          timeout: 10,
        }),
      ),
    );
    // A load that failed measures nothing: say so rather than print a calm number.
    for (const [i, r] of results.entries()) {
      if (r.non2xx || r.errors || !r.requests.total)
        throw new Error(
          `${LOAD_PATHS[i]}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.requests.total} requests`,
        );
    }
  } finally {
    clearInterval(sampler);
  }
  if (child.exitCode !== null) throw new Error('Parley exited under load');
  return Math.max(peak, rssMb(child.pid));
}

async function measure(mode, dbEnv, duration) {
  const { child, url } = await startParley(dbEnv);
  try {
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const idleMb = rssMb(child.pid);
    const loadMb = await peakUnderLoad(child, url, duration);
    return { mode, idleMb, loadMb };
  } finally {
    await stopChild(child);
  }
}

/**
 * Idle and under-load RSS of Parley on the embedded database (a fresh data folder, so a
 * first start: the database is created, migrated and seeded) and on PostgreSQL at
 * `databaseUrl`. Rows: { mode: 'embedded'|'postgres', idleMb, loadMb }.
 */
export async function memoryRows({ databaseUrl, duration = 10 }) {
  const rows = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-memory-'));
  try {
    rows.push(await measure('embedded', { DATA_DIR: dataDir }, duration));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  rows.push(await measure('postgres', { DATABASE_URL: databaseUrl }, duration));
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  // Two starts, two loads and their stops, with room to spare: the run always ends.
  setTimeout(
    () => {
      console.error('bench memory: over its time budget, stopping');
      process.exit(1);
    },
    2 * (60 + SETTLE_MS / 1000 + duration + 15) * 1000 + 30_000,
  ).unref();
  const rows = await memoryRows({ databaseUrl, duration });
  console.table(rows);
  const embedded = rows.find((r) => r.mode === 'embedded');
  if (embedded && embedded.idleMb > EMBEDDED_IDLE_MB) {
    console.error(
      `bench memory: embedded idle RSS ${embedded.idleMb} MB is over ${EMBEDDED_IDLE_MB} MB`,
    );
    process.exitCode = 1;
  }
}
