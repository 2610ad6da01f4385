// The bench's settings (BENCH_* variables), its rows and their goals: what `npm run bench`
// measures and what it must reach.
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
export const databaseUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const duration = Number(process.env.BENCH_DURATION ?? 10);
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const warmup = Number(process.env.BENCH_WARMUP ?? 2);
/** Pairs of (baseline, row) for each read with a goal; its median pair is the row's. */
export const goalPairs = Number(process.env.BENCH_GOAL_PAIRS ?? 3);
if (!Number.isInteger(goalPairs) || goalPairs < 1 || goalPairs > 15)
  throw new Error('BENCH_GOAL_PAIRS must be a whole number from 1 to 15');
/** Quotes made ready per second of the create run: far above what one server can take. */
export const quotesPerSecond = Number(process.env.BENCH_QUOTES_PER_SECOND ?? 2000);
/** Payments one customer may have awaiting approval (MAX_PENDING_PAYMENTS at its most). */
export const PENDING_PER_WRITER = 1000;
/** SMS the sender's balance pays for, per second of the send run: likewise far too many. */
export const smsPerSecond = Number(process.env.BENCH_SMS_PER_SECOND ?? 6000);
/**
 * The sandbox gateway's delay before a delivery receipt. 0 by default: each message's
 * whole path (charge, queue, hand-over, receipt) runs while the bench waits, none later.
 */
export const smsReceiptDelayMs = process.env.BENCH_SMS_SANDBOX_DELAY_MS ?? '0';
/** How long the bench waits, after the send run, for the outbox to hand over the backlog. */
export const drainLimitMs = Math.max(30, 4 * duration) * 1000;
/** How long the bench waits, after a call run, for the calls still ringing to end. */
export const callSettleLimitMs = 15_000;
/** The edge's shared secret, for this run's Parley only. */
export const EDGE_SECRET = 'bench-only-edge-secret-bench-only-edge-00';
/**
 * The caller's caller ID, verified through the API with the sandbox's SMS code: a real
 * UK mobile range, as codes go only where a paid SMS could go.
 */
export const CALLER_ID = '+447400900123';
/** A sandbox destination that is busy ~0.8 s after dialling: it frees the line, costs nothing. */
export const BUSY_DESTINATION = '+447400120000';
/**
 * The caller's plan: a VoIP package the bench makes for itself (inactive: no customer
 * sees it), whose "Unlimited concurrent calls" give 1000 lines. The catalogue's only
 * such package is a trunk's, and a trunk's channels are not a plan's lines (decision
 * 0068). Deleted with the bench's customers.
 */
export const CALLER_PLAN = 'Bench caller plan';
export const CALLER_LINES = 1000;
/** The longest call a hold covers (MAX_CALL_SECONDS in packages/shared), in minutes. */
export const MAX_CALL_MINUTES = 240;
/** Admin streams connected at once, and the customer messages each must receive. */
export const fanOutStreams = Number(process.env.BENCH_FANOUT_STREAMS ?? 1000);
export const fanOutMessages = Number(process.env.BENCH_FANOUT_MESSAGES ?? 20);
/**
 * BENCH_WARMUP=<s> (default 2) loads each GET row and baseline that long, unmeasured, before
 * it is measured: V8 has compiled the path and the pool has its connections, as on a server
 * that has been up for a while. Each row with a goal has its baseline measured again beside
 * it (a read: BENCH_GOAL_PAIRS pairs, default 3, in turns; its ratio is the median pair's); `cpu µs` is the server's CPU time (all its threads)
 * per request, read from /proc, and `db µs` PostgreSQL's (all its processes on this
 * machine; empty when it runs elsewhere).
 *
 * BENCH_ONLY=health,sms runs only the rows whose name holds one of those words (set-up
 * still runs in full); BENCH_PROFILE=<dir> writes Parley's CPU profile there (node
 * --cpu-prof), to read with `node scripts/bench/profile-top.mjs <dir>`.
 */
export const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((w) => w.trim().toLowerCase())
  .filter(Boolean);
export const profileDir = process.env.BENCH_PROFILE;
/** Distinct edge Call-IDs for this run. */
export const runId = `${Date.now()}-${process.pid}`;

/**
 * Parley's endpoints under load; later features add theirs here. `as` says whose session
 * sends it: the admin, `reader` (a customer with a few payments), `writer` (customers
 * who submit a payment per request, each paying its own pre-made quote, taking turns so
 * none reaches its limit of payments awaiting approval), `sender` (a
 * customer whose balance pays for every SMS of the run) or `caller` (a customer on the
 * plan of 1000 lines (CALLER_PLAN) with a verified caller ID and a balance that holds 1000 calls at
 * once). An entry with a `body` is POSTed with it and must answer `status`; `outbox`
 * then waits for the SMS outbox to hand everything queued to the (sandbox) gateway
 * before the next row, `calls` (their gateway) for the caller's calls to end and checks
 * holds and ledger. `edge` is the SIP edge's authorise-and-end loop (see loadEdge);
 * `smpp` the SMPP server's submit_sm from one session (its own customer; see smpp.mjs).
 */
/** A GET row a reader or the admin sends: the reads measured again on a large history. */
export const isReadRow = (e) => e.path && !e.body && (e.as === 'reader' || e.as === 'admin');
export const ENDPOINTS = [
  { name: 'GET /api/health', path: '/api/health' },
  // The session lookup every signed-in request pays for.
  { name: 'GET /api/auth/user (signed in)', path: '/api/auth/user', as: 'admin' },
  { name: 'GET /api/transactions (5 rows)', path: '/api/transactions', as: 'reader' },
  // A page of 20 of the reader's HISTORY_ROWS messages and calls, with the count.
  { name: 'GET /api/sms/history (20 rows)', path: '/api/sms/history', as: 'reader' },
  { name: 'GET /api/sip/history (20 rows)', path: '/api/sip/history', as: 'reader' },
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
  // The same message as submit_sm from one bound SMPP session (smpp.mjs), right after it.
  { name: 'SMPP submit_sm (1 session)', smpp: true },
  { name: 'GET /api/orders (signed in)', path: '/api/orders', as: 'reader', optional: true },
  // The other pages a customer reads, and the admin's lists: each is also measured on the
  // large history (BENCH_LARGE_DATABASE_URL), where its time must stay within LARGE_MAX.
  { name: 'GET /api/dashboard/spending', path: '/api/dashboard/spending', as: 'reader' },
  { name: 'GET /api/subscriptions', path: '/api/subscriptions', as: 'reader' },
  { name: 'GET /api/notifications', path: '/api/notifications', as: 'reader' },
  { name: 'GET /api/sip/monitoring/overview', path: '/api/sip/monitoring/overview', as: 'reader' },
  { name: 'GET /api/admin/payments', path: '/api/admin/payments', as: 'admin' },
  { name: 'GET /api/admin/users', path: '/api/admin/users', as: 'admin' },
  { name: 'GET /api/admin/users?q=', path: '/api/admin/users?q=reader', as: 'admin' },
  { name: 'GET /api/admin/audit', path: '/api/admin/audit', as: 'admin' },
  { name: 'GET /api/admin/calls', path: '/api/admin/calls', as: 'admin' },
  { name: 'GET /api/admin/subscriptions', path: '/api/admin/subscriptions', as: 'admin' },
  { name: 'GET /api/admin/chat/sessions', path: '/api/admin/chat/sessions', as: 'admin' },
  { name: 'GET /api/admin/analytics', path: '/api/admin/analytics', as: 'admin' },
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
 * What each row should reach, as a ratio of a baseline measured in the same run just
 * before the row (so the machine's speed cancels out): `routes` (Fastify with Parley's
 * routes and headers: the framework's floor), `raw` (the row's own statements run on bare
 * node:http and postgres.js, baseline-reads.mjs: the same work done raw) or `tx` (node:http
 * + a transaction of an SMS send's shape).
 */
export const GOALS = {
  'GET /api/health': { of: 'routes', min: 0.85 },
  'GET /api/auth/user (signed in)': { of: 'raw', min: 0.7 },
  'GET /api/transactions (5 rows)': { of: 'raw', min: 0.7 },
  'GET /api/sms/history (20 rows)': { of: 'raw', min: 0.7 },
  'GET /api/sip/history (20 rows)': { of: 'raw', min: 0.7 },
  'POST /api/transactions/create': { of: 'tx', min: 0.3 },
  'POST /api/sms/send': { of: 'tx', min: 0.5 },
};
/**
 * The large history (npm run bench:seed-large) the read rows run on again, and how much
 * slower each may be there than on the near-empty bench database.
 */
export const largeDatabaseUrl = process.env.BENCH_LARGE_DATABASE_URL;
export const LARGE_MAX = 1.5;
/** The fan-out's p99 delivery time, and the embedded database's idle memory. */
export const FANOUT_P99_MS = 200;
export const EMBEDDED_IDLE_MB = 250;
/** The bench's admin, with their second factor provisioned at start (ADMIN_TOTP_SECRET). */
export const BENCH_ADMIN = {
  email: 'bench-admin@parley.test',
  password: 'bench admin password',
  totpSecret: 'MJSW4Y3IFVQWI3LJNYWXIYTQFVZWKY3S',
};
export const BTC = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
export const READER_PAYMENTS = 5;
/**
 * Customers besides the reader, so the near-empty run's admin lists are as full as the
 * large one's (prepare.mjs prepareReader): the first PAYMENT_FILLERS each leave
 * READER_PAYMENTS pending (the payments page holds 50), and every one of them and the
 * reader writes in the live chat (the console's page holds 30).
 */
export const FILLERS = 29;
export const PAYMENT_FILLERS = 9;
/**
 * Messages and calls in the reader's history, and as many orders renewing within the
 * month, so the admin's first page of subscriptions is full too (prepare.mjs prepareHistory).
 */
export const HISTORY_ROWS = 30;
/**
 * The chain watcher's rows (chain.mjs): BENCH_CHAIN_BLOCKS regtest blocks, each carrying
 * `txPerBlock` payments of `outputsPerTx` outputs (one of each to a watched address),
 * scanned with BENCH_CHAIN_WATCHED addresses watched; then BENCH_CHAIN_SAMPLES payments
 * timed from their confirming block to their credit, Parley polling its node every
 * BENCH_CHAIN_POLL_SECONDS (10 s by default in production).
 */
export const chainBench = {
  blocks: Number(process.env.BENCH_CHAIN_BLOCKS ?? 300),
  txPerBlock: 2,
  outputsPerTx: 10,
  /** Runs of each scan that writes nothing; the fastest counts. */
  rounds: 3,
  watched: Number(process.env.BENCH_CHAIN_WATCHED ?? 10_000),
  latencySamples: Number(process.env.BENCH_CHAIN_SAMPLES ?? 7),
  pollSeconds: Number(process.env.BENCH_CHAIN_POLL_SECONDS ?? 1),
  /** How long one latency sample may take before the row fails. */
  stepLimitMs: 30_000,
  /** The rows as a whole: node start, filling, the scans, Parley's start and the samples. */
  budgetMs: 600_000,
};
/**
 * The SMPP row (smpp.mjs): BENCH_SMPP_MESSAGES submit_sm from one session with `window`
 * unanswered at most, bounded by BENCH_SMPP_LIMIT_SECONDS.
 */
export const smppBench = {
  messages: Number(process.env.BENCH_SMPP_MESSAGES ?? 2000),
  window: 10,
  /** The submits as a whole, and each step around them (connect, bind). */
  limitMs: Number(process.env.BENCH_SMPP_LIMIT_SECONDS ?? 60) * 1000,
  stepMs: 10_000,
  /** What the account may send a second: far above one session's pace. */
  maxPerSecond: 10_000,
};

/** The settings the bench's Parley gets for the SMPP row. */
export function smppServerEnv(port) {
  return {
    SMPP_SERVER_PORT: String(port),
    SMPP_MAX_THROUGHPUT: String(smppBench.maxPerSecond),
    SMPP_WINDOW: String(smppBench.window),
  };
}
