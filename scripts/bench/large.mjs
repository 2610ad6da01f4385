// The read rows again on a large history (BENCH_LARGE_DATABASE_URL, filled by
// `npm run bench:seed-large`), each beside its run on the near-empty bench database: how
// Parley's reads grow with its tables. A reader like the bench's own is made there (the
// same few payments and history, among 100,000 customers' millions of rows) and removed
// afterwards; the admin is the bench's, created at start from ADMIN_EMAIL.
import { fork } from 'node:child_process';
import path from 'node:path';
import postgres from 'postgres';
import { adminSession, preparePayments } from './api.mjs';
import { cleanUp } from './checks.mjs';
import { ENDPOINTS, isReadRow, LARGE_MAX, largeDatabaseUrl, root } from './config.mjs';
import { load } from './load.mjs';
import { prepareReader } from './prepare.mjs';
import { running, startParley } from './processes.mjs';
import { cpuCells, pad } from './report.mjs';
import { inheritedEnv, stopChild } from './server.mjs';

/**
 * `npm run bench:seed-large` on one database (`{ DATABASE_URL }` or `{ DATA_DIR }`);
 * `started` gets its process, for a caller that may have to stop it by its pid.
 */
export function seedLarge(database, args = [], started = () => {}) {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(root, 'apps/api/dist/cli/seed-large.js'), args, {
      env: { ...inheritedEnv(), ...database },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    started(child);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`bench:seed-large exited with ${code}`)),
    );
  });
}

/** `npm run bench:seed-large` on it again: it moves a seeded history's times up to now. */
export const bringUpToNow = () => seedLarge({ DATABASE_URL: largeDatabaseUrl });

/** The GET rows a reader or the admin sent on the near-empty database (BENCH_ONLY's). */
const readRows = (rows) =>
  ENDPOINTS.filter(isReadRow).flatMap((e) => {
    const row = rows.find((r) => r.name === e.name && !r.failure);
    return row ? [{ endpoint: e, nearEmpty: row }] : [];
  });

export async function largeRows(run, missed) {
  if (!largeDatabaseUrl) {
    run.notes.push(
      'large history: skipped; set BENCH_LARGE_DATABASE_URL to a database filled by ' +
        '`npm run bench:seed-large` to run the read rows on it too',
    );
    return;
  }
  // Days after it was seeded, its renewals would fall due in bulk: bring it up to now.
  await bringUpToNow();
  const sql = postgres(largeDatabaseUrl, { max: 2, onnotice: () => {} });
  const created = [];
  try {
    const parley = await startParley({ database: largeDatabaseUrl });
    const [{ n }] = await sql`select count(*)::int as n from sms_messages`;
    const admin = await adminSession(parley);
    await preparePayments(parley, admin);
    const reader = await prepareReader(sql, parley, created);
    const sessions = { admin, reader: reader.cookie };
    console.log(
      `\nlarge history (${new URL(largeDatabaseUrl).pathname.slice(1)}, ${n} SMS): each read ` +
        `row's time there against the near-empty run above, at most ${LARGE_MAX}×`,
    );
    console.log(
      `${pad('endpoint', 36)}${pad('req/s', 9)}${pad('p99 ms', 8)}${pad('cpu µs', 8)}${pad('db µs', 8)}slower ×`,
    );
    for (const { endpoint, nearEmpty } of readRows(run.rows)) {
      const row = await load(parley + endpoint.path, {
        headers: { cookie: sessions[endpoint.as] },
      });
      const slower = nearEmpty.rps / row.rps;
      if (row.failure) run.rows.push({ name: `large: ${endpoint.name}`, failure: row.failure });
      else if (slower > LARGE_MAX)
        missed.push(`${endpoint.name}: ${slower.toFixed(2)}× on the large history`);
      console.log(
        pad(endpoint.name, 36) +
          pad(Math.round(row.rps), 9) +
          pad(row.p99, 8) +
          cpuCells(row) +
          `${slower.toFixed(2)}${slower > LARGE_MAX ? '  MISSED' : ''}${row.failure ? '  FAILED' : ''}`,
      );
    }
  } finally {
    if (running.parley) await stopChild(running.parley);
    running.parley = null;
    await cleanUp(sql, created);
    await sql.end({ timeout: 5 });
  }
}
