// Health's CPU per request on one Parley process, fresh and after varied traffic (every
// GET route, mostly 401s without a session, and thirty POST routes with a wrong body):
// how much a server that has been up a while pays for V8 meeting many routes at the same
// call sites (decision 0034). On one process, so the spread between processes (±5 µs on
// a 2-core machine) does not hide it. `node scripts/bench/varied-traffic.mjs` after
// `npm run build`: on PostgreSQL when BENCH_DATABASE_URL names one (the figures in
// docs/performance.md), else the embedded database in a temporary folder. Bounded runs on
// 127.0.0.1; the server is stopped by its pid.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { routes } from '../../packages/shared/dist/index.js';
import { cpuMicros, freePort, inheritedEnv, parleyEnv, stopChild, waitHealthy } from './server.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const SECONDS = Number(process.env.BENCH_DURATION ?? 4);

const run = (opts) =>
  new Promise((resolve, reject) =>
    autocannon({ connections: 50, duration: SECONDS, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  );

/** The lowest CPU per health request of three loads, after a warm-up. */
async function healthCpu(pid, url) {
  await run({ url: `${url}/api/health`, duration: 2 });
  const each = [];
  for (let i = 0; i < 3; i++) {
    const before = cpuMicros(pid);
    const result = await run({ url: `${url}/api/health` });
    each.push((cpuMicros(pid) - before) / result.requests.total);
  }
  return Math.min(...each);
}

function variedRequests(url) {
  const id = '00000000-0000-0000-0000-000000000000';
  const concrete = (p) => p.replace(/:[a-zA-Z]+/g, id);
  const all = Object.values(routes).filter((r) => !/stream|events/.test(r.path));
  const gets = all.filter((r) => r.method === 'GET').map((r) => ({ path: concrete(r.path) }));
  const posts = all
    .filter((r) => r.method === 'POST')
    .slice(0, 30)
    .map((r) => ({
      method: 'POST',
      path: concrete(r.path),
      headers: { 'content-type': 'application/json', origin: url },
      body: '{"a":1}',
    }));
  return [...gets, { path: '/api/no-such-route' }, ...posts];
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-varied-'));
const port = await freePort();
const database = process.env.BENCH_DATABASE_URL
  ? { DATABASE_URL: process.env.BENCH_DATABASE_URL }
  : { DATA_DIR: dataDir };
const child = fork(path.join(root, 'apps/api/dist/main.js'), {
  env: { ...inheritedEnv(), ...parleyEnv(port, database) },
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
try {
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(child, url, 60_000);
  const fresh = await healthCpu(child.pid, url);
  const varied = await run({ url, connections: 20, duration: 5, requests: variedRequests(url) });
  const after = await healthCpu(child.pid, url);
  const codes = Object.entries(varied.statusCodeStats ?? {})
    .map(([code, { count }]) => `${count} × ${code}`)
    .join(', ');
  console.log(`health, fresh server:         ${fresh.toFixed(1)} µs of CPU per request`);
  console.log(`varied traffic:               ${varied.requests.total} requests (${codes})`);
  console.log(`health, after varied traffic: ${after.toFixed(1)} µs of CPU per request`);
} finally {
  await stopChild(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
