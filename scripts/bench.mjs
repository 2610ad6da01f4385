// npm run bench: loads Parley's endpoints with autocannon and prints each one beside a
// raw node:http baseline and a raw one-query baseline measured in the same run, as
// ratios. Everything listens on 127.0.0.1, runs for a bounded time, and is stopped by
// its pid at the end. The customers and payments it creates are deleted afterwards.
import { fork } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import autocannon from 'autocannon';
import postgres from 'postgres';

const root = path.resolve(import.meta.dirname, '..');
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Quotes made ready per second of the create run: far above what one server can take. */
const quotesPerSecond = Number(process.env.BENCH_QUOTES_PER_SECOND ?? 6000);

/**
 * Parley's endpoints under load; later features add theirs here. `as` says whose session
 * sends it: the admin, `reader` (a customer with a few payments) or `writer` (a customer
 * who submits a payment per request, each paying its own pre-made quote).
 */
const ENDPOINTS = [
  { name: 'GET /api/health', path: '/api/health' },
  // The session lookup every signed-in request pays for.
  { name: 'GET /api/auth/user (signed in)', path: '/api/auth/user', as: 'admin' },
  { name: 'GET /api/transactions (5 rows)', path: '/api/transactions', as: 'reader' },
  { name: 'POST /api/transactions/create', create: true, as: 'writer', status: 201 },
  { name: 'GET /api/orders (signed in)', path: '/api/orders', as: 'reader', optional: true },
];
const BENCH_ADMIN = { email: 'bench-admin@parley.test', password: 'bench admin password' };
const BTC = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const READER_PAYMENTS = 5;

const children = [];
function stopAll() {
  // ChildProcess.kill signals the child's own pid, once; a second call is a no-op.
  for (const child of children) if (child.exitCode === null && !child.killed) child.kill('SIGTERM');
}
process.on('exit', stopAll);
process.on('SIGINT', () => process.exit(130));
// However the run goes, it ends: seven loads, set-up and clean-up, with room to spare.
setTimeout(
  () => {
    console.error('bench: over its time budget, stopping');
    process.exit(1);
  },
  (ENDPOINTS.length + 2) * duration * 1000 + 180_000,
).unref();

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

const cookieOf = (res) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('parley_session=')) ?? '';

/** A JSON call that must answer `expected`; anything else stops the run with the body. */
async function call(url, method, pathname, { cookie, body, expected = [200, 201] } = {}) {
  const res = await fetch(url + pathname, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!expected.includes(res.status))
    throw new Error(`${method} ${pathname}: ${res.status} ${text.slice(0, 300)}`);
  return { res, json: text ? JSON.parse(text) : null };
}

async function adminSession(url) {
  const { res } = await call(url, 'POST', '/api/admin/login', { body: BENCH_ADMIN });
  return cookieOf(res);
}

/** Signs a customer up the way the browser does, security check included. */
async function signUpCustomer(url, label) {
  const { json: challenge } = await call(url, 'GET', '/api/auth/challenge');
  const solution = await solveChallenge({ challenge, deriveKey });
  const { res, json } = await call(url, 'POST', '/api/auth/signup', {
    body: {
      name: `Bench ${label}`,
      email: `bench-${label}-${Date.now()}-${process.pid}@parley.test`,
      password: 'bench customer password',
      confirmPassword: 'bench customer password',
      contactMethod: 'telegram',
      contactValue: '@bench',
      altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
    },
  });
  return { id: json.id, cookie: cookieOf(res) };
}

/** Fresh rates and an active BTC wallet, so quotes work on a long-lived bench database. */
async function preparePayments(url, admin) {
  for (const [pair, rate] of [
    ['BTC/USD', '95000'],
    ['USD/GBP', '0.79'],
  ])
    await call(url, 'PUT', `/api/admin/rates/${pair}`, { cookie: admin, body: { rate } });
  const wallet = { currency: 'BTC', network: 'bitcoin', address: BTC, walletType: 'cold_storage' };
  await call(url, 'POST', '/api/admin/crypto-wallets', {
    cookie: admin,
    body: wallet,
    expected: [201, 409],
  });
  const { json: wallets } = await call(url, 'GET', '/api/admin/crypto-wallets', { cookie: admin });
  const btc = wallets.find((w) => w.currency === 'BTC' && w.address === BTC);
  if (btc && !btc.isActive)
    await call(url, 'PUT', `/api/admin/crypto-wallets/${btc.id}`, {
      cookie: admin,
      body: { isActive: true },
    });
}

const topUp = { amount: '100.00', currency: 'BTC', walletAddress: BTC, serviceName: 'Add Funds' };

/** `count` quotes for the writer, copies of one made through the API, valid for an hour. */
async function prepareQuotes(sql, url, writer, count) {
  const { json: quote } = await call(url, 'POST', '/api/payments/quote', {
    cookie: writer.cookie,
    body: { amount: topUp.amount, currency: 'BTC', fiatCurrency: 'USD' },
  });
  const rows = await sql`
    insert into payment_quotes (user_id, fiat_amount, fiat_currency, currency, network,
      wallet_id, address, crypto_amount, rate, credit_amount, credit_rate, expires_at)
    select user_id, fiat_amount, fiat_currency, currency, network, wallet_id, address,
      crypto_amount, rate, credit_amount, credit_rate, now() + interval '1 hour'
    from payment_quotes, generate_series(1, ${count})
    where id = ${quote.id}
    returning id`;
  return [quote.id, ...rows.map((r) => r.id)];
}

/** Deletes what the run created for its customers: payments, quotes, events, accounts. */
async function cleanUp(sql, ids) {
  if (ids.length === 0) return;
  await sql.begin(async (tx) => {
    await tx`delete from transactions where user_id in ${tx(ids)}`;
    await tx`delete from payment_quotes where user_id in ${tx(ids)}`;
    await tx`delete from events where user_id in ${tx(ids)}`;
    await tx`delete from users where id in ${tx(ids)}`;
  });
}

/**
 * Loads one endpoint. Every answer must have the expected status: anything else, and any
 * error or timeout, is a failure, reported with a sample of what came back.
 */
async function load(url, { headers = {}, requests, expected = 200 } = {}) {
  const samples = [];
  let instance;
  const result = await new Promise((resolve, reject) => {
    instance = autocannon(
      {
        url,
        connections,
        duration,
        pipelining: 1,
        headers,
        ...(requests
          ? {
              requests: requests(() => instance).map((r) => ({
                ...r,
                onResponse: (status, body) => {
                  if (status !== expected && samples.length < 3)
                    samples.push(`${status} ${String(body).slice(0, 200)}`);
                },
              })),
            }
          : {}),
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
  });
  const codes = Object.entries(result.statusCodeStats).filter(([c]) => Number(c) !== expected);
  const wrong = codes.reduce((n, [, s]) => n + s.count, 0);
  let failure = null;
  if (wrong > 0 || result.errors > 0 || result.timeouts > 0) {
    if (!requests && wrong > 0) {
      const res = await fetch(url, { headers });
      samples.push(`${res.status} ${(await res.text()).slice(0, 200)}`);
    }
    failure =
      `${wrong} answers other than ${expected} (${JSON.stringify(Object.fromEntries(codes))}), ` +
      `${result.errors} errors, ${result.timeouts} timeouts` +
      (samples.length ? `; e.g. ${samples.join(' | ')}` : '');
  }
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    total: result.requests.total,
    failure,
  };
}

const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
const created = [];
const rows = [];
const notes = [];
try {
  const hello = await startBaseline('baseline-hello.mjs');
  const query = await startBaseline('baseline-query.mjs');
  const parley = await startParley();

  console.log(
    `Load: ${connections} connections, ${duration} s per endpoint, database ${new URL(databaseUrl).host}`,
  );
  const admin = await adminSession(parley);
  await preparePayments(parley, admin);
  const reader = await signUpCustomer(parley, 'reader');
  created.push(reader.id);
  for (let i = 0; i < READER_PAYMENTS; i++)
    await call(parley, 'POST', '/api/transactions/create', { cookie: reader.cookie, body: topUp });
  const writer = await signUpCustomer(parley, 'writer');
  created.push(writer.id);
  const quoteIds = await prepareQuotes(sql, parley, writer, Math.ceil(duration * quotesPerSecond));
  const sessions = { admin, reader: reader.cookie, writer: writer.cookie };

  const base = await load(hello);
  const baseQuery = await load(`${query}/`);
  rows.push({ name: 'baseline: node:http hello', ...base });
  rows.push({ name: 'baseline: node:http + select 1', ...baseQuery });
  for (const endpoint of ENDPOINTS) {
    const headers = endpoint.as ? { cookie: sessions[endpoint.as] } : {};
    if (endpoint.optional) {
      const probe = await fetch(parley + endpoint.path, { headers });
      await probe.arrayBuffer();
      if (probe.status === 404) {
        notes.push(`${endpoint.name}: skipped, the server answers 404 (not built yet)`);
        continue;
      }
    }
    if (!endpoint.create) {
      rows.push({ name: endpoint.name, ...(await load(parley + endpoint.path, { headers })) });
      continue;
    }
    let next = 0;
    const result = await load(parley, {
      expected: endpoint.status,
      requests: (getInstance) => [
        {
          method: 'POST',
          path: '/api/transactions/create',
          headers: { ...headers, 'content-type': 'application/json' },
          setupRequest: (request) => {
            const quoteId = quoteIds[next++];
            // Should never happen at the default rate; the row then shows the failure.
            if (quoteId === undefined) getInstance()?.stop();
            request.body = JSON.stringify({ ...topUp, quoteId: quoteId ?? quoteIds[0] });
            return request;
          },
        },
      ],
    });
    if (next > quoteIds.length)
      result.failure = `ran out of the ${quoteIds.length} quotes (raise BENCH_QUOTES_PER_SECOND); ${result.failure}`;
    rows.push({ name: endpoint.name, ...result });
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
        (row.rps / baseQuery.rps).toFixed(2) +
        (row.failure ? '  FAILED' : ''),
    );
  }
  for (const note of notes) console.log(`note: ${note}`);
  for (const row of rows.filter((r) => r.failure)) {
    console.error(`FAILED ${row.name}: ${row.failure}`);
    process.exitCode = 1;
  }
} finally {
  try {
    await cleanUp(sql, created);
  } catch (err) {
    console.error('bench: clean-up failed', err);
    process.exitCode = 1;
  }
  await sql.end({ timeout: 5 });
  stopAll();
}
