// The processes a bench run starts (baselines, Parley), their CPU time and the run's
// time budget. Each is stopped by its own pid.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  BENCH_ADMIN,
  callSettleLimitMs,
  chainBench,
  databaseUrl,
  drainLimitMs,
  duration,
  EDGE_SECRET,
  ENDPOINTS,
  fanOutMessages,
  fanOutStreams,
  GOALS,
  largeDatabaseUrl,
  profileDir,
  root,
  smppBench,
  smppServerEnv,
  smsReceiptDelayMs,
  warmup,
} from './config.mjs';
import { cpuMicros, freePort, inheritedEnv, parleyEnv, waitHealthy } from './server.mjs';

const children = [];
export function stopAll() {
  // ChildProcess.kill signals the child's own pid, once; a second call is a no-op.
  for (const child of children) if (child.exitCode === null && !child.killed) child.kill('SIGTERM');
}

/** The pid of the server behind each base URL, to read its CPU time. */
export const serverPids = new Map();

/** Whether the bench's PostgreSQL runs on this machine, where /proc shows its processes. */
const databaseIsLocal = ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(databaseUrl).hostname);

/**
 * The CPU time in µs of PostgreSQL on this machine: every `postgres` process's own, plus
 * what the postmaster has collected from backends that exited meanwhile. Null when the
 * database runs elsewhere or /proc shows none.
 */
export function databaseCpuMicros() {
  if (!databaseIsLocal) return null;
  let pids;
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  let total = 0;
  let seen = false;
  for (const pid of pids) {
    let comm;
    try {
      comm = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      continue; // gone between the listing and the read
    }
    const us = comm === 'postgres' ? cpuMicros(pid, { children: true }) : null;
    if (us !== null) {
      total += us;
      seen = true;
    }
  }
  return seen ? total : null;
}

export function startBaseline(file, env = {}) {
  const child = fork(path.join(import.meta.dirname, file), {
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('message', (msg) => {
      const url = `http://127.0.0.1:${msg.port}`;
      serverPids.set(url, child.pid);
      resolve(url);
    });
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
}

/** The Parley under test, once started (stopped before the clean-up), and its SMPP port. */
export const running = { parley: null, smppPort: 0 };
export async function startParley({
  database = databaseUrl,
  dataDir,
  script = path.join(root, 'apps/api/dist/main.js'),
  env = {},
  healthyWithinMs = 30_000,
} = {}) {
  const port = await freePort();
  running.smppPort = await freePort();
  const child = fork(script, {
    execArgv: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [],
    env: {
      ...inheritedEnv(),
      ...parleyEnv(port, {
        ...(dataDir ? { DATA_DIR: dataDir } : { DATABASE_URL: database }),
        ADMIN_EMAIL: BENCH_ADMIN.email,
        ADMIN_PASSWORD: BENCH_ADMIN.password,
        ADMIN_TOTP_SECRET: BENCH_ADMIN.totpSecret,
        SMS_SANDBOX_DELAY_MS: smsReceiptDelayMs,
        // The limits still count every request, but the bench's sign-ups (four a run, from
        // one address) and its SMS per minute stay under them.
        AUTH_LIMIT_FACTOR: '1000',
        // The writer's payments all wait for approval: as many as the server allows.
        MAX_PENDING_PAYMENTS: '1000',
        VOICE_EDGE_SECRET: EDGE_SECRET,
        // The chatter sends as fast as the server takes; the fan-out's streams are one admin's.
        CHAT_PER_MINUTE: '10000',
        EVENT_STREAMS_PER_USER: '1000',
        EVENT_STREAMS_TOTAL: String(Math.max(1000, fanOutStreams + 50)),
        // The SMPP row's customers' gateways bind here (smpp.mjs).
        ...smppServerEnv(running.smppPort),
        ...env,
      }),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  children.push(child);
  running.parley = child;
  const url = `http://127.0.0.1:${port}`;
  serverPids.set(url, child.pid);
  await waitHealthy(child, url, healthyWithinMs);
  return url;
}

/** However the run goes, it ends; its children are stopped by their pids at exit. */
export function guardRun() {
  process.on('exit', stopAll);
  process.on('SIGINT', () => process.exit(130));
  // However the run goes, it ends: the loads, the outbox drain, the calls' ends, set-up and
  // clean-up, with room to spare.
  setTimeout(
    () => {
      console.error('bench: over its time budget, stopping');
      process.exit(1);
    },
    // Every row and baseline, each with a warm-up, and each goal row's baseline again.
    (ENDPOINTS.length + 5 + Object.keys(GOALS).length) * (duration + warmup) * 1000 +
      drainLimitMs +
      2 * callSettleLimitMs +
      // The SMPP row's submits and its outbox drain.
      smppBench.limitMs +
      drainLimitMs +
      fanOutMessages * 10_000 +
      // The memory rows: two servers, each started, left idle and loaded twice.
      4 * duration * 1000 +
      chainBench.budgetMs +
      // The read rows again on the large history, and its server's start and reader.
      (largeDatabaseUrl ? ENDPOINTS.length * (duration + warmup) * 1000 + 120_000 : 0) +
      120_000 +
      180_000,
  ).unref();
}
