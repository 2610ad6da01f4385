// npm run bench: loads Parley's endpoints with autocannon and prints each one beside a
// raw node:http baseline and a raw one-query baseline measured in the same run, as
// ratios. Everything listens on 127.0.0.1, runs for a bounded time, and is stopped by
// its pid at the end. The customers, payments, SMS, calls and ledger rows it creates
// are deleted afterwards.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import autocannon from 'autocannon';
import { Secret, TOTP } from 'otpauth';
import postgres from 'postgres';
import { chatSendRequests, chatSession, fanOut } from './bench/chat.mjs';
import { memoryRows } from './bench/memory.mjs';
import { cpuMicros, freePort, parleyEnv, stopChild, waitHealthy } from './bench/server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const warmup = Number(process.env.BENCH_WARMUP ?? 2);
/** /proc counts CPU time in clock ticks: 100 a second on Linux. */
/** Quotes made ready per second of the create run: far above what one server can take. */
const quotesPerSecond = Number(process.env.BENCH_QUOTES_PER_SECOND ?? 2000);
/** Payments one customer may have awaiting approval (MAX_PENDING_PAYMENTS at its most). */
const PENDING_PER_WRITER = 1000;
/** SMS the sender's balance pays for, per second of the send run: likewise far too many. */
const smsPerSecond = Number(process.env.BENCH_SMS_PER_SECOND ?? 6000);
/**
 * The sandbox gateway's delay before a delivery receipt. 0 by default: each message's
 * whole path (charge, queue, hand-over, receipt) runs while the bench waits, none later.
 */
const smsReceiptDelayMs = process.env.BENCH_SMS_SANDBOX_DELAY_MS ?? '0';
/** How long the bench waits, after the send run, for the outbox to hand over the backlog. */
const drainLimitMs = Math.max(30, 4 * duration) * 1000;
/** How long the bench waits, after a call run, for the calls still ringing to end. */
const callSettleLimitMs = 15_000;
/** The edge's shared secret, for this run's Parley only. */
const EDGE_SECRET = 'bench-only-edge-secret-bench-only-edge-00';
/**
 * The caller's caller ID, verified through the API with the sandbox's SMS code: a real
 * UK mobile range, as codes go only where a paid SMS could go.
 */
const CALLER_ID = '+447400900123';
/** A sandbox destination that is busy ~0.8 s after dialling: it frees the line, costs nothing. */
const BUSY_DESTINATION = '+447400120000';
/** The package whose "Unlimited concurrent calls" gives the caller 1000 lines. */
const CALLER_PLAN = 'Trunk Enterprise';
const CALLER_LINES = 1000;
/** The longest call a hold covers (MAX_CALL_SECONDS in packages/shared), in minutes. */
const MAX_CALL_MINUTES = 240;
/** Admin streams connected at once, and the customer messages each must receive. */
const fanOutStreams = Number(process.env.BENCH_FANOUT_STREAMS ?? 1000);
const fanOutMessages = Number(process.env.BENCH_FANOUT_MESSAGES ?? 20);
/**
 * BENCH_WARMUP=<s> (default 2) loads each GET row and baseline that long, unmeasured, before
 * it is measured: V8 has compiled the path and the pool has its connections, as on a server
 * that has been up for a while. Each row with a goal has its baseline measured again just
 * before it, and its ratio is to that; `cpu µs` is the server's CPU time (all its threads)
 * per request, read from /proc, and `db µs` PostgreSQL's (all its processes on this
 * machine; empty when it runs elsewhere).
 *
 * BENCH_ONLY=health,sms runs only the rows whose name holds one of those words (set-up
 * still runs in full); BENCH_PROFILE=<dir> writes Parley's CPU profile there (node
 * --cpu-prof), to read with `node scripts/bench/profile-top.mjs <dir>`.
 */
const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((w) => w.trim().toLowerCase())
  .filter(Boolean);
const profileDir = process.env.BENCH_PROFILE;
/** Distinct edge Call-IDs for this run. */
const runId = `${Date.now()}-${process.pid}`;

/**
 * Parley's endpoints under load; later features add theirs here. `as` says whose session
 * sends it: the admin, `reader` (a customer with a few payments), `writer` (customers
 * who submit a payment per request, each paying its own pre-made quote, taking turns so
 * none reaches its limit of payments awaiting approval), `sender` (a
 * customer whose balance pays for every SMS of the run) or `caller` (a customer on the
 * Trunk Enterprise plan with a verified caller ID and a balance that holds 1000 calls at
 * once). An entry with a `body` is POSTed with it and must answer `status`; `outbox`
 * then waits for the SMS outbox to hand everything queued to the (sandbox) gateway
 * before the next row, `calls` (their gateway) for the caller's calls to end and checks
 * holds and ledger. `edge` is the SIP edge's authorise-and-end loop (see loadEdge).
 */
const ENDPOINTS = [
  { name: 'GET /api/health', path: '/api/health' },
  // The session lookup every signed-in request pays for.
  { name: 'GET /api/auth/user (signed in)', path: '/api/auth/user', as: 'admin' },
  { name: 'GET /api/transactions (5 rows)', path: '/api/transactions', as: 'reader' },
  { name: 'POST /api/transactions/create', create: true, as: 'writer', status: 201 },
  // A priced destination (GB): a charge and a ledger row per message, then the outbox.
  {
    name: 'POST /api/sms/send',
    path: '/api/sms/send',
    body: { senderId: 'Parley', recipient: '+447400123456', message: 'Bench' },
    country: 'GB',
    as: 'sender',
    status: 201,
    outbox: true,
  },
  { name: 'GET /api/orders (signed in)', path: '/api/orders', as: 'reader', optional: true },
  // A web call in the sandbox: authorised under the caller's lock with a hold on the
  // balance, dialled, then settled busy (free) ~0.8 s later, which frees its line.
  {
    name: 'POST /api/sip/call',
    path: '/api/sip/call',
    body: { callerId: CALLER_ID, destination: BUSY_DESTINATION },
    as: 'caller',
    status: 201,
    calls: 'sandbox',
  },
  // The SIP edge's authorise, on every real call's path, then the end the edge reports.
  { name: 'POST /internal/voice/authorise+end', edge: true, status: 200 },
  // A customer's chat message: stored, the conversation updated, an event published.
  { name: 'POST /api/chat/send', chat: true, status: 201 },
];
/**
 * What each row should reach, as a ratio of a baseline measured in the same run (so the
 * machine's speed cancels out): `hello` (node:http), `query` (node:http + select 1) or
 * `tx` (node:http + a transaction of an SMS send's shape).
 */
const GOALS = {
  'GET /api/health': { of: 'hello', min: 0.6 },
  'GET /api/auth/user (signed in)': { of: 'hello', min: 0.2 },
  'GET /api/transactions (5 rows)': { of: 'query', min: 0.35 },
  'POST /api/transactions/create': { of: 'tx', min: 0.3 },
  'POST /api/sms/send': { of: 'tx', min: 0.5 },
};
/** The fan-out's p99 delivery time, and the embedded database's idle memory. */
const FANOUT_P99_MS = 200;
const EMBEDDED_IDLE_MB = 250;
/** The bench's admin, with their second factor provisioned at start (ADMIN_TOTP_SECRET). */
const BENCH_ADMIN = {
  email: 'bench-admin@parley.test',
  password: 'bench admin password',
  totpSecret: 'MJSW4Y3IFVQWI3LJNYWXIYTQFVZWKY3S',
};
const BTC = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const READER_PAYMENTS = 5;

const children = [];
function stopAll() {
  // ChildProcess.kill signals the child's own pid, once; a second call is a no-op.
  for (const child of children) if (child.exitCode === null && !child.killed) child.kill('SIGTERM');
}
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
    fanOutMessages * 10_000 +
    // The memory rows: two servers, each started, left idle and loaded twice.
    4 * duration * 1000 +
    120_000 +
    180_000,
).unref();

/** The pid of the server behind each base URL, to read its CPU time. */
const serverPids = new Map();

/** Whether the bench's PostgreSQL runs on this machine, where /proc shows its processes. */
const databaseIsLocal = ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(databaseUrl).hostname);

/**
 * The CPU time in µs of PostgreSQL on this machine: every `postgres` process's own, plus
 * what the postmaster has collected from backends that exited meanwhile. Null when the
 * database runs elsewhere or /proc shows none.
 */
function databaseCpuMicros() {
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

function startBaseline(file, env = {}) {
  const child = fork(path.join(import.meta.dirname, 'bench', file), {
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

let parleyChild = null;
async function startParley() {
  const port = await freePort();
  const child = fork(path.join(root, 'apps/api/dist/main.js'), {
    execArgv: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [],
    env: {
      ...process.env,
      ...parleyEnv(port, {
        DATABASE_URL: databaseUrl,
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
      }),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  children.push(child);
  parleyChild = child;
  const url = `http://127.0.0.1:${port}`;
  serverPids.set(url, child.pid);
  await waitHealthy(child, url, 30_000);
  return url;
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

/**
 * Signs the admin in with their authenticator's code. The server takes each code once and
 * one step either way, so when this step's was used (a run moments ago) the next one's is.
 */
async function adminSession(url) {
  const secret = Secret.fromBase32(BENCH_ADMIN.totpSecret);
  const step = Math.floor(Date.now() / 30_000);
  let answer;
  for (const at of [step, step + 1]) {
    const code = TOTP.generate({ secret, timestamp: at * 30_000 });
    answer = await call(url, 'POST', '/api/admin/login', {
      body: { email: BENCH_ADMIN.email, password: BENCH_ADMIN.password, code },
      expected: [200, 401],
    });
    if (answer.res.status === 200) return cookieOf(answer.res);
  }
  throw new Error(`POST /api/admin/login: ${answer.res.status} ${JSON.stringify(answer.json)}`);
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
/** Each payment names its own (made-up) bitcoin transaction hash: the server takes each once. */
const txHash = () => randomBytes(32).toString('hex');

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

/**
 * The SMS sender: a customer whose balance covers `smsPerSecond` sends a second for the
 * whole run. There is no API that credits a balance by hand, so it is set by SQL with
 * its matching ledger row (an adjustment), keeping balance = sum of the ledger.
 */
async function prepareSender(sql, url, { body, country }) {
  const [price] = await sql`
    select sms_price from country_pricing where country_code = ${country} and is_active`;
  if (!price)
    throw new Error(
      `No active ${country} row in country_pricing on the bench database: the catalogue is seeded at ` +
        "the first server start (seedCatalogueOnce), and an admin's deletion is never undone.",
    );
  const sender = await signUpCustomer(url, 'sender');
  // The price the server charges, in GBP (this also checks the rate is fresh).
  const { json: quote } = await call(url, 'POST', '/api/sms/quote', {
    cookie: sender.cookie,
    body,
    expected: [200],
  });
  const amount = (Number(quote.price) * smsPerSecond * duration + 1).toFixed(4);
  await credit(sql, sender.id, amount, 'bench: balance for the SMS send run');
  return { ...sender, price: quote.price, balance: amount };
}

/**
 * Credits a bench customer: there is no API that does it by hand, so the balance is set
 * by SQL with its matching ledger row (an adjustment), keeping balance = sum of the ledger.
 */
async function credit(sql, userId, amount, note) {
  await sql.begin(async (tx) => {
    const [user] = await tx`
      update users set crypto_balance = crypto_balance + ${amount}::numeric
      where id = ${userId} returning crypto_balance`;
    await tx`
      insert into ledger_entries (user_id, amount, currency, kind, reference, balance_after, note)
      values (${userId}, ${amount}, 'GBP', 'adjustment', ${`bench:${userId}`},
        ${user.crypto_balance}, ${note})`;
  });
}

/**
 * The caller: a customer with a caller ID verified through the API (the sandbox keeps
 * the SMS code readable, here by SQL), an active Trunk Enterprise order (its "Unlimited
 * concurrent calls" give 1000 lines; a customer with no plan has 2) and a balance that
 * covers the hold of 1000 calls at once: each call holds its longest possible length.
 * The order is inserted by SQL and charged nothing: no money moves, so the ledger is
 * untouched and no renewal falls due during the run.
 */
async function prepareCaller(sql, url) {
  const [plan] = await sql`
    select id, name, price::text as price, currency from packages
    where name = ${CALLER_PLAN} and is_active`;
  if (!plan)
    throw new Error(
      `No active "${CALLER_PLAN}" package on the bench database: the catalogue is seeded at the ` +
        "first server start (seedCatalogueOnce), and an admin's deletion is never undone.",
    );
  const caller = await signUpCustomer(url, 'caller');
  const { cookie } = caller;
  await sql`
    insert into orders (user_id, item_kind, item_id, name, price, price_currency, charged,
      paid_with, billing_period, status, renews_at)
    values (${caller.id}, 'package', ${plan.id}, ${plan.name}, ${plan.price}, ${plan.currency},
      0, 'balance', 'monthly', 'active', now() + interval '1 month')`;
  const { json: quote } = await call(
    url,
    'GET',
    `/api/sip/quote?destination=${encodeURIComponent(BUSY_DESTINATION)}`,
    { cookie, expected: [200] },
  );
  const amount = (Number(quote.ratePerMinute) * MAX_CALL_MINUTES * (CALLER_LINES + 10) + 1).toFixed(
    4,
  );
  await credit(sql, caller.id, amount, 'bench: balance for the call runs');
  // After the credit: a code goes only to a customer whose balance pays for the SMS.
  await call(url, 'POST', '/api/sip/caller-ids/verify', {
    cookie,
    body: { number: CALLER_ID },
    expected: [201],
  });
  const [code] = await sql`
    select sandbox_code from caller_ids where user_id = ${caller.id} and number = ${CALLER_ID}`;
  if (!code?.sandbox_code)
    throw new Error('No sandbox code for the caller ID: is VOICE_GATEWAY the sandbox?');
  await call(url, 'POST', '/api/sip/caller-ids/confirm', {
    cookie,
    body: { number: CALLER_ID, code: code.sandbox_code },
    expected: [200],
  });
  const { json: account } = await call(url, 'GET', '/api/sip/account', { cookie, expected: [200] });
  return { ...caller, username: account.username, rate: quote.ratePerMinute, balance: amount };
}

const OPEN_CALLS = ['dialing', 'ringing', 'answered'];

/**
 * Waits (bounded) until none of the caller's calls through `gateway` is open, then checks
 * that no hold is left (users.held = 0) and balance = sum of the ledger.
 */
async function checkCalls(sql, userId, gateway) {
  const started = Date.now();
  const statuses = async () => {
    const rows = await sql`
      select status, count(*)::int as n from calls
      where user_id = ${userId} and gateway = ${gateway} group by status`;
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  };
  const open = (s) => OPEN_CALLS.reduce((n, k) => n + (s[k] ?? 0), 0);
  const atEnd = await statuses();
  let now = atEnd;
  while (open(now) > 0 && Date.now() - started < callSettleLimitMs) {
    await new Promise((r) => setTimeout(r, 250));
    now = await statuses();
  }
  const [row] = await sql`
    select u.held::text as held, u.crypto_balance::text as balance,
      (select coalesce(sum(amount), 0)::text from ledger_entries where user_id = u.id) as ledger
    from users u where u.id = ${userId}`;
  const problems = [];
  if (open(now) > 0)
    problems.push(`${open(now)} calls still open after ${callSettleLimitMs / 1000} s`);
  if (Number(row.held) !== 0) problems.push(`users.held is ${row.held}, not 0`);
  if (Number(row.balance) !== Number(row.ledger))
    problems.push(`balance ${row.balance} but the ledger sums to ${row.ledger}`);
  return {
    atEnd: open(atEnd),
    final: now,
    seconds: (Date.now() - started) / 1000,
    ...row,
    problems,
  };
}

/** The sender's messages by status. */
async function smsStatuses(sql, userId) {
  const rows = await sql`
    select status, count(*)::int as n from sms_messages where user_id = ${userId} group by status`;
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/**
 * Waits (bounded) until the outbox has handed every one of the sender's messages to the
 * gateway and its receipt is in, so later rows are not measured beside it. Returns what
 * it saw, for the report.
 */
async function drainOutbox(sql, userId) {
  const started = Date.now();
  const atEnd = await smsStatuses(sql, userId);
  const waiting = (s) => (s.queued ?? 0) + (s.sending ?? 0) + (s.sent ?? 0);
  let now = atEnd;
  while (waiting(now) > 0 && Date.now() - started < drainLimitMs) {
    await new Promise((r) => setTimeout(r, 250));
    now = await smsStatuses(sql, userId);
  }
  return { atEnd, final: now, seconds: (Date.now() - started) / 1000, left: waiting(now) };
}

/** Balance = sum of the ledger, and one charge per message, for the sender. */
async function checkLedger(sql, userId) {
  const [row] = await sql`
    select u.crypto_balance::text as balance,
      (select coalesce(sum(amount), 0)::text from ledger_entries where user_id = u.id) as ledger,
      (select count(*)::int from ledger_entries where user_id = u.id and kind = 'charge') as charges,
      (select count(*)::int from sms_messages where user_id = u.id) as messages
    from users u where u.id = ${userId}`;
  const problems = [];
  if (Number(row.balance) !== Number(row.ledger))
    problems.push(`balance ${row.balance} but the ledger sums to ${row.ledger}`);
  if (row.charges !== row.messages)
    problems.push(`${row.messages} messages but ${row.charges} charges`);
  return { ...row, problems };
}

/**
 * Deletes what the run created for its customers: payments, quotes, events, SMS, calls,
 * caller IDs, SIP accounts, orders, ledger rows, accounts. Run once Parley has stopped,
 * so no outbox or sandbox call is still working on them.
 */
async function cleanUp(sql, ids) {
  if (ids.length === 0) return;
  await sql.begin(async (tx) => {
    await tx`delete from calls where user_id in ${tx(ids)}`;
    await tx`delete from caller_ids where user_id in ${tx(ids)}`;
    await tx`delete from sip_accounts where user_id in ${tx(ids)}`;
    await tx`delete from orders where user_id in ${tx(ids)}`;
    await tx`delete from sms_messages where user_id in ${tx(ids)}`;
    await tx`delete from sms_batches where user_id in ${tx(ids)}`;
    await tx`delete from ledger_entries where user_id in ${tx(ids)}`;
    await tx`delete from transactions where user_id in ${tx(ids)}`;
    await tx`delete from payment_quotes where user_id in ${tx(ids)}`;
    await tx`delete from events where user_id in ${tx(ids)}`;
    // Their chat conversations and messages go with them (on delete cascade).
    await tx`delete from users where id in ${tx(ids)}`;
  });
}

/**
 * Loads one endpoint. Every answer must have the expected status: anything else, and any
 * error or timeout, is a failure, reported with a sample of what came back.
 */
async function load(url, { headers = {}, requests, expected = 200 } = {}) {
  if (!requests && warmup > 0)
    await new Promise((resolve, reject) =>
      autocannon({ url, connections, duration: warmup, headers }, (err) =>
        err ? reject(err) : resolve(),
      ),
    );
  const samples = [];
  const pid = serverPids.get(new URL(url).origin);
  const cpuBefore = cpuMicros(pid);
  const dbBefore = databaseCpuMicros();
  let instance;
  const list = requests?.(() => instance).map((r) => ({
    ...r,
    onResponse: (status, body, context) => {
      if (status !== expected && samples.length < 3)
        samples.push(`${status} ${String(body).slice(0, 200)}`);
      r.onResponse?.(status, body, context);
    },
  }));
  const result = await new Promise((resolve, reject) => {
    instance = autocannon(
      {
        url,
        connections,
        duration,
        pipelining: 1,
        headers,
        ...(list
          ? {
              requests: list,
              // autocannon shares the request objects between connections, and each
              // connection's first request is the buffer the last one built: each gets
              // its own copies, so what a setupRequest built is what its connection sends.
              setupClient: (client) => client.setRequests(list.map((r) => ({ ...r }))),
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
  const cpuAfter = cpuMicros(pid);
  const dbAfter = databaseCpuMicros();
  return {
    rps: result.requests.average,
    cpuPerRequest:
      cpuBefore === null || cpuAfter === null
        ? null
        : (cpuAfter - cpuBefore) / result.requests.total,
    dbCpuPerRequest:
      dbBefore === null || dbAfter === null ? null : (dbAfter - dbBefore) / result.requests.total,
    p99: result.latency.p99,
    total: result.requests.total,
    failure,
  };
}

/**
 * The SIP edge's authorise under load. Each allowed call holds one of the caller's lines
 * until the edge reports its end, so after 1000 authorisations the rest of the run would
 * measure refusals. Each connection therefore authorises a call (with a fresh edge
 * Call-ID) and then ends it (cancelled before an answer: free) in the same loop, as the
 * edge does for every call: the caller keeps at most one open call per connection, like
 * a busy trunk whose calls come and go, and every authorise sees the same state. The row
 * counts both requests, half of them authorisations. (A fresh customer per call would
 * instead measure every call as its customer's first, at a sign-up each.) Any answer but
 * `allow: true` is a failure.
 */
async function loadEdge(sql, url, caller, expected) {
  let sequence = 0;
  let allowed = 0;
  const denials = {};
  const headers = { authorization: `Bearer ${EDGE_SECRET}`, 'content-type': 'application/json' };
  const result = await load(url, {
    expected,
    requests: () => [
      {
        method: 'POST',
        path: '/internal/voice/authorise',
        headers,
        setupRequest: (request, context) => {
          context.edgeCallId = `bench-${runId}-${sequence++}`;
          request.body = JSON.stringify({
            edgeCallId: context.edgeCallId,
            username: caller.username,
            destination: BUSY_DESTINATION,
            callerId: CALLER_ID,
          });
          return request;
        },
        onResponse: (status, body) => {
          if (status !== expected) return;
          const decision = JSON.parse(body);
          if (decision.allow) allowed++;
          else denials[decision.reason] = (denials[decision.reason] ?? 0) + 1;
        },
      },
      {
        method: 'POST',
        path: '/internal/voice/end',
        headers,
        setupRequest: (request, context) => {
          request.body = JSON.stringify({
            edgeCallId: context.edgeCallId,
            cause: 'cancelled',
            by: 'caller',
          });
          return request;
        },
      },
    ],
  });
  const denied = Object.values(denials).reduce((a, b) => a + b, 0);
  if (denied > 0)
    result.failure =
      `${denied} authorisations denied ${JSON.stringify(denials)}` +
      (result.failure ? `; ${result.failure}` : '');
  // The run stops mid-loop: the server still finishes the authorisations it was given
  // (until the number of calls stays put), and calls whose end was never sent are ended
  // here, as the edge would.
  const total = async () =>
    (await sql`select count(*)::int as n from calls where user_id = ${caller.id}`)[0].n;
  const started = Date.now();
  let before = -1;
  for (let n = await total(); n !== before && Date.now() - started < callSettleLimitMs; ) {
    before = n;
    await new Promise((r) => setTimeout(r, 500));
    n = await total();
  }
  const open = await sql`
    select edge_call_id from calls
    where user_id = ${caller.id} and gateway = 'sip' and status in ${sql(OPEN_CALLS)}`;
  for (const { edge_call_id: edgeCallId } of open) {
    const res = await fetch(`${url}/internal/voice/end`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ edgeCallId, cause: 'cancelled', by: 'caller' }),
    });
    await res.arrayBuffer();
  }
  return { ...result, allowed, leftOpen: open.length };
}

const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
const created = [];
const rows = [];
const notes = [];
try {
  const hello = await startBaseline('baseline-hello.mjs');
  const query = await startBaseline('baseline-query.mjs');
  const txBaseline = await startBaseline('baseline-tx.mjs');
  const fastifyFloor = await startBaseline('baseline-fastify.mjs');
  const fastifyRoutes = await startBaseline('baseline-fastify.mjs', { BENCH_FASTIFY_ROUTES: '1' });
  const parley = await startParley();

  console.log(
    `Load: ${connections} connections, ${duration} s per endpoint after a ${warmup} s warm-up ` +
      `(GET rows and baselines), database ${new URL(databaseUrl).host}`,
  );
  const admin = await adminSession(parley);
  await preparePayments(parley, admin);
  const reader = await signUpCustomer(parley, 'reader');
  created.push(reader.id);
  for (let i = 0; i < READER_PAYMENTS; i++)
    await call(parley, 'POST', '/api/transactions/create', {
      cookie: reader.cookie,
      body: { ...topUp, txHash: txHash() },
    });
  // Enough writers that none reaches its pending-payment limit: their quotes take turns.
  const quoteTotal = Math.ceil(duration * quotesPerSecond);
  const writers = [];
  for (let i = 0; i < Math.ceil(quoteTotal / PENDING_PER_WRITER); i++) {
    const writer = await signUpCustomer(parley, `writer${i}`);
    created.push(writer.id);
    const ids = await prepareQuotes(sql, parley, writer, PENDING_PER_WRITER - 1);
    writers.push(ids.map((id) => ({ id, cookie: writer.cookie })));
  }
  const writer = { cookie: writers[0][0].cookie };
  const quoteIds = writers[0].flatMap((_, k) => writers.map((w) => w[k]).filter(Boolean));
  const sender = await prepareSender(
    sql,
    parley,
    ENDPOINTS.find((e) => e.as === 'sender'),
  );
  created.push(sender.id);
  const caller = await prepareCaller(sql, parley);
  created.push(caller.id);
  const chatter = await signUpCustomer(parley, 'chatter');
  created.push(chatter.id);
  const chatSessionId = await chatSession(parley, chatter.cookie);
  const sessions = {
    admin,
    reader: reader.cookie,
    writer: writer.cookie,
    sender: sender.cookie,
    caller: caller.cookie,
  };

  const base = await load(hello);
  const baseQuery = await load(`${query}/`);
  rows.push({ name: 'baseline: node:http hello', ...base });
  rows.push({ name: 'baseline: node:http + select 1', ...baseQuery });
  rows.push({
    name: 'baseline: Fastify + our headers',
    ...(await load(`${fastifyFloor}/`)),
  });
  rows.push({
    name: 'baseline: Fastify + our routes',
    ...(await load(`${fastifyRoutes}/`)),
  });
  const baseTx = await load(`${txBaseline}/`, { expected: 201 });
  rows.push({ name: 'baseline: node:http + SMS-shaped tx', ...baseTx });
  const baselines = { hello: base, query: baseQuery, tx: baseTx };
  /** After a call run: every call ended, no hold left, balance = ledger; else a failure. */
  const callReport = async (endpoint, result, gateway) => {
    const check = await checkCalls(sql, caller.id, gateway);
    notes.push(
      `${endpoint.name}: ${check.atEnd} calls open when the load stopped, ended ` +
        `${check.seconds.toFixed(1)} s later; final ${JSON.stringify(check.final)}; ` +
        `held ${check.held}, balance ${check.balance} = ledger ${check.ledger}`,
    );
    if (check.problems.length)
      result.failure = `calls: ${check.problems.join('; ')}${result.failure ? `; ${result.failure}` : ''}`;
  };
  /** Each goal row's baseline, measured just before it (see below). */
  const paired = new Map();
  const wanted = (endpoint) =>
    only.length === 0 || only.some((w) => endpoint.name.toLowerCase().includes(w));
  const baselineRuns = {
    hello: () => load(hello),
    query: () => load(`${query}/`),
    tx: () => load(`${txBaseline}/`, { expected: 201 }),
  };
  for (const endpoint of ENDPOINTS.filter(wanted)) {
    const headers = endpoint.as ? { cookie: sessions[endpoint.as] } : {};
    // A row with a goal is judged against its baseline measured again just before it:
    // what the machine does in between (PostgreSQL's autovacuum after the write rows,
    // a neighbour's load) then weighs on both alike.
    const goal = GOALS[endpoint.name];
    if (goal) paired.set(endpoint.name, (await baselineRuns[goal.of]()).rps);
    if (endpoint.chat) {
      const result = await load(parley, {
        expected: endpoint.status,
        requests: chatSendRequests(chatter.cookie, chatSessionId),
      });
      rows.push({ name: endpoint.name, ...result });
      continue;
    }
    if (endpoint.edge) {
      const result = await loadEdge(sql, parley, caller, endpoint.status);
      notes.push(
        `${endpoint.name}: ${result.allowed} calls authorised (${(result.allowed / duration).toFixed(0)}/s), ` +
          `each ended in the same loop; ${result.leftOpen} authorised as the load stopped were ended after it`,
      );
      await callReport(endpoint, result, 'sip');
      rows.push({ name: endpoint.name, ...result });
      continue;
    }
    if (endpoint.optional) {
      const probe = await fetch(parley + endpoint.path, { headers });
      await probe.arrayBuffer();
      if (probe.status === 404) {
        notes.push(`${endpoint.name}: skipped, the server answers 404 (not built yet)`);
        continue;
      }
    }
    if (endpoint.body) {
      const result = await load(parley, {
        expected: endpoint.status,
        requests: () => [
          {
            method: 'POST',
            path: endpoint.path,
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(endpoint.body),
          },
        ],
      });
      if (endpoint.outbox && result.failure?.includes('INSUFFICIENT_BALANCE'))
        result.failure = `the sender's balance ran out (raise BENCH_SMS_PER_SECOND); ${result.failure}`;
      if (endpoint.calls && result.failure?.includes('CONCURRENT_CALL_LIMIT'))
        result.failure = `more than ${CALLER_LINES} calls rang at once; ${result.failure}`;
      if (endpoint.calls) await callReport(endpoint, result, endpoint.calls);
      if (endpoint.outbox) {
        const drain = await drainOutbox(sql, sender.id);
        const total = Object.values(drain.final).reduce((a, b) => a + b, 0);
        const backlog = (drain.atEnd.queued ?? 0) + (drain.atEnd.sending ?? 0);
        notes.push(
          `${endpoint.name}: ${total} messages at ${sender.price} GBP each; the outbox handed ` +
            `${total - backlog} to the gateway during the load and the other ${backlog} in ` +
            `${drain.seconds.toFixed(1)} s after it (receipt delay ${smsReceiptDelayMs} ms); ` +
            `final ${JSON.stringify(drain.final)}`,
        );
        if (drain.left > 0)
          notes.push(
            `${endpoint.name}: ${drain.left} messages not done after ${drainLimitMs / 1000} s`,
          );
        if (drain.final.failed)
          notes.push(`${endpoint.name}: ${drain.final.failed} messages failed`);
        const ledger = await checkLedger(sql, sender.id);
        if (ledger.problems.length)
          result.failure = `ledger: ${ledger.problems.join('; ')}${result.failure ? `; ${result.failure}` : ''}`;
      }
      rows.push({ name: endpoint.name, ...result });
      continue;
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
            const quote = quoteIds[next++];
            // Should never happen at the default rate; the row then shows the failure.
            if (quote === undefined) getInstance()?.stop();
            const { id, cookie } = quote ?? quoteIds[0];
            request.headers = { ...request.headers, cookie };
            request.body = JSON.stringify({ ...topUp, txHash: txHash(), quoteId: id });
            return request;
          },
        },
      ],
    });
    if (next > quoteIds.length)
      result.failure = `ran out of the ${quoteIds.length} quotes (raise BENCH_QUOTES_PER_SECOND); ${result.failure}`;
    if (result.failure?.includes('TOO_MANY_PENDING_PAYMENTS'))
      result.failure = `a writer reached MAX_PENDING_PAYMENTS (1000, its most); ${result.failure}`;
    rows.push({ name: endpoint.name, ...result });
  }

  const pad = (s, n) => String(s).padEnd(n);
  const missed = [];
  console.log(
    `\n${pad('endpoint', 36)}${pad('req/s', 9)}${pad('p99 ms', 8)}${pad('vs hello', 10)}` +
      `${pad('vs query', 10)}${pad('vs tx', 8)}${pad('cpu µs', 8)}${pad('db µs', 8)}goal`,
  );
  for (const row of rows) {
    const goal = GOALS[row.name];
    const ratio = goal ? row.rps / (paired.get(row.name) ?? baselines[goal.of].rps) : null;
    if (goal && ratio < goal.min) missed.push(`${row.name}: ${ratio.toFixed(3)} of ${goal.of}`);
    console.log(
      pad(row.name, 36) +
        pad(Math.round(row.rps), 9) +
        pad(row.p99, 8) +
        pad((row.rps / base.rps).toFixed(2), 10) +
        pad((row.rps / baseQuery.rps).toFixed(2), 10) +
        pad((row.rps / baseTx.rps).toFixed(2), 8) +
        pad(row.cpuPerRequest == null ? '' : row.cpuPerRequest.toFixed(1), 8) +
        pad(row.dbCpuPerRequest == null ? '' : row.dbCpuPerRequest.toFixed(1), 8) +
        (goal
          ? `${ratio.toFixed(3)} of ${goal.of} just before (${Math.round(paired.get(row.name))}/s), ` +
            `goal ≥ ${goal.min.toFixed(2)}${ratio < goal.min ? '  MISSED' : ''}`
          : '') +
        (row.failure ? '  FAILED' : ''),
    );
  }
  // One customer message to many admin streams: how long until each stream has it.
  const fan = await fanOut(parley, {
    sql,
    adminCookie: admin,
    chatter: chatter.cookie,
    sessionId: chatSessionId,
    streams: fanOutStreams,
    messages: fanOutMessages,
  });
  console.log(
    `\nchat.message to ${fanOutStreams} admin streams: ${fan.deliveries} deliveries of ` +
      `${fanOutMessages} messages, p50 ${fan.p50.toFixed(1)} ms, p99 ${fan.p99.toFixed(1)} ms, ` +
      `max ${fan.max.toFixed(1)} ms${fan.failure ? '  FAILED' : ''}`,
  );
  if (fan.failure)
    rows.push({ name: `fan-out to ${fanOutStreams} admin streams`, failure: fan.failure });
  if (fan.p99 >= FANOUT_P99_MS) missed.push(`fan-out p99 ${fan.p99.toFixed(1)} ms`);
  // Memory comes last, once Parley's own run is over: each mode on a server of its own.
  await stopChild(parleyChild);
  const memory = await memoryRows({ databaseUrl, duration });
  console.log('\nmemory (RSS)                        idle MB  under load MB');
  for (const m of memory) {
    console.log(
      `${pad(m.mode === 'embedded' ? 'embedded database (PGlite)' : 'PostgreSQL', 36)}${pad(m.idleMb, 9)}${m.loadMb}`,
    );
    if (m.mode === 'embedded' && m.idleMb > EMBEDDED_IDLE_MB)
      missed.push(`embedded idle RSS ${m.idleMb} MB`);
  }
  console.log(
    missed.length
      ? `\ngoals missed: ${missed.join('; ')}`
      : '\ngoals: all met (ratios, fan-out p99, embedded idle memory)',
  );
  for (const note of notes) console.log(`note: ${note}`);
  for (const row of rows.filter((r) => r.failure)) {
    console.error(`FAILED ${row.name}: ${row.failure}`);
    process.exitCode = 1;
  }
} finally {
  // Parley first, so its outbox is not still sending what the clean-up deletes.
  if (parleyChild) await stopChild(parleyChild);
  try {
    await cleanUp(sql, created);
  } catch (err) {
    console.error('bench: clean-up failed', err);
    process.exitCode = 1;
  }
  await sql.end({ timeout: 5 });
  stopAll();
}
