// npm run bench: loads Parley's endpoints with autocannon and prints each one beside a
// raw node:http baseline and a raw one-query baseline measured in the same run, as
// ratios. Everything listens on 127.0.0.1, runs for a bounded time, and is stopped by
// its pid at the end.
import { fork } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

/** Parley's endpoints under load; later features add theirs here. */
const ENDPOINTS = [
  { name: 'GET /api/health', path: '/api/health' },
  // The session lookup every signed-in request pays for.
  { name: 'GET /api/auth/user (signed in)', path: '/api/auth/user', signedIn: true },
];
const BENCH_ADMIN = { email: 'bench-admin@parley.test', password: 'bench admin password' };

const children = [];
function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
process.on('exit', stopAll);
process.on('SIGINT', () => process.exit(130));

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

function startBaseline(file) {
  const child = fork(path.join(import.meta.dirname, 'bench', file), {
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('message', (msg) => resolve(`http://127.0.0.1:${msg.port}`));
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
}

async function startParley() {
  const port = await freePort();
  const child = fork(path.join(root, 'apps/api/dist/main.js'), {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-only-secret-bench-only-secret-00',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'error',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('Parley exited during start-up');
    try {
      if ((await fetch(`${url}/api/health`)).ok) return url;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('Parley did not become healthy within 30 s');
}

async function sessionCookie(url) {
  const res = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!res.ok) throw new Error(`bench sign-in failed: ${res.status}`);
  return res.headers.get('set-cookie')?.split(';')[0] ?? '';
}

async function load(url, headers = {}) {
  const result = await autocannon({ url, connections, duration, pipelining: 1, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    const codes = JSON.stringify(result.statusCodeStats);
    throw new Error(
      `${url}: ${result.non2xx} non-2xx answers (${codes}) and ${result.errors} errors`,
    );
  }
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const hello = await startBaseline('baseline-hello.mjs');
const query = await startBaseline('baseline-query.mjs');
const parley = await startParley();

console.log(
  `Load: ${connections} connections, ${duration} s per endpoint, database ${new URL(databaseUrl).host}`,
);
const base = await load(hello);
const baseQuery = await load(`${query}/`);
const rows = [
  { name: 'baseline: node:http hello', ...base },
  { name: 'baseline: node:http + select 1', ...baseQuery },
];
const cookie = await sessionCookie(parley);
for (const endpoint of ENDPOINTS) {
  const headers = endpoint.signedIn ? { cookie } : {};
  rows.push({ name: endpoint.name, ...(await load(parley + endpoint.path, headers)) });
}

const pad = (s, n) => String(s).padEnd(n);
console.log(
  `\n${pad('endpoint', 36)}${pad('req/s', 10)}${pad('p99 ms', 9)}${pad('vs hello', 10)}vs query`,
);
for (const row of rows) {
  console.log(
    pad(row.name, 36) +
      pad(Math.round(row.rps), 10) +
      pad(row.p99, 9) +
      pad((row.rps / base.rps).toFixed(2), 10) +
      (row.rps / baseQuery.rps).toFixed(2),
  );
}
stopAll();
