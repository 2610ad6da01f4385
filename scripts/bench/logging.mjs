// What logging a request costs: health's CPU per request on a Parley at LOG_LEVEL=error
// (the bench's setting) and on one at info (the default, a line a request), in alternating
// pairs at a steady rate, so that the load generator's wake-ups cost both alike.
// `node scripts/bench/logging.mjs` after `npm run build`: on PostgreSQL when
// BENCH_DATABASE_URL names one, else the embedded database in a temporary folder.
// BENCH_LOGGING_PAIRS (3) and BENCH_LOGGING_RATE (5000 requests a second). Bounded runs on
// 127.0.0.1; each server is stopped by its pid. The lines go to /dev/null, which is
// cheaper than a pipe to a log collector: the figure is a floor.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { cpuMicros, freePort, inheritedEnv, parleyEnv, stopChild, waitHealthy } from './server.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const PAIRS = Number(process.env.BENCH_LOGGING_PAIRS ?? 3);
const RATE = Number(process.env.BENCH_LOGGING_RATE ?? 5000);
const SECONDS = 5;

const run = (url, duration) =>
  new Promise((resolve, reject) =>
    autocannon({ url, connections: 50, duration, overallRate: RATE }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  );

/** A fresh Parley at `level`: the lowest CPU per health request of three loads. */
async function healthCpu(level) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-logging-'));
  const port = await freePort();
  const database = process.env.BENCH_DATABASE_URL
    ? { DATABASE_URL: process.env.BENCH_DATABASE_URL }
    : { DATA_DIR: dataDir };
  const child = fork(path.join(root, 'apps/api/dist/main.js'), {
    env: { ...inheritedEnv(), ...parleyEnv(port, { ...database, LOG_LEVEL: level }) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitHealthy(child, url, 60_000);
    await run(`${url}/api/health`, 2);
    const each = [];
    for (let i = 0; i < 3; i++) {
      const before = cpuMicros(child.pid);
      const result = await run(`${url}/api/health`, SECONDS);
      if (result.non2xx || result.errors) throw new Error(`health failed at ${level}`);
      each.push((cpuMicros(child.pid) - before) / result.requests.total);
    }
    return Math.min(...each);
  } finally {
    await stopChild(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const costs = [];
for (let pair = 0; pair < PAIRS; pair++) {
  // Each pair's first alternates, so that neither level always meets a cooler machine.
  const order = pair % 2 === 0 ? ['error', 'info'] : ['info', 'error'];
  const cpu = {};
  for (const level of order) cpu[level] = await healthCpu(level);
  costs.push(cpu.info - cpu.error);
  console.log(
    `pair ${pair + 1}: health at ${RATE}/s, µs of CPU per request: ` +
      `error ${cpu.error.toFixed(1)}, info ${cpu.info.toFixed(1)}`,
  );
}
const sorted = [...costs].sort((a, b) => a - b);
console.log(
  `a request's log line: ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} µs of CPU ` +
    `(median of ${PAIRS} pairs)`,
);
