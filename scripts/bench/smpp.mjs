// The SMPP server's row: sustained submit_sm a second from one bound session (the `smpp`
// package as the customer's gateway, a window of 10 requests in flight), in the same run
// as the HTTP send, so the two read side by side. Its own customer (a balance for every
// message, an SMPP account made through the API), then the outbox drained and the
// ledger checked, as the HTTP send's row does.
import { performance } from 'node:perf_hooks';
import smpp from 'smpp';
import { call, signUpCustomer } from './api.mjs';
import { checkLedger, drainOutbox } from './checks.mjs';
import { drainLimitMs, smppBench } from './config.mjs';
import { credit } from './prepare.mjs';
import { databaseCpuMicros, running, serverPids } from './processes.mjs';
import { cpuMicros } from './server.mjs';

const DESTINATION = '447400123456';
const SENDER = 'Parley';
const TEXT = 'Bench over SMPP';

function within(promise, ms, what) {
  let timer;
  const limit = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

/** A transceiver session bound with the account, answering every receipt it is sent. */
export async function bind(port, account, receipts) {
  const session = smpp.connect({
    url: `smpp://127.0.0.1:${port}`,
    auto_enquire_link_period: 10_000,
  });
  session.on('error', () => {});
  await within(
    new Promise((resolve, reject) => {
      session.once('connect', resolve);
      session.once('error', reject);
    }),
    smppBench.stepMs,
    `connect to 127.0.0.1:${port}`,
  );
  session.on('deliver_sm', (pdu) => {
    receipts.count++;
    session.send(pdu.response());
  });
  const status = await within(
    new Promise((resolve) => {
      session.bind_transceiver({ system_id: account.systemId, password: account.password }, (pdu) =>
        resolve(pdu.command_status),
      );
    }),
    smppBench.stepMs,
    'bind_transceiver',
  );
  if (status !== 0) {
    session.destroy();
    throw new Error(`bind_transceiver refused: status 0x${status.toString(16)}`);
  }
  return session;
}

/**
 * Sends `messages` submit_sm keeping `window` in flight: a new one as each answer comes.
 * Resolves with the answers by status, each answer's latency, and the seconds taken;
 * stops at `limitMs`, counting what was still unanswered.
 */
export function submitAll(session, { messages, window, limitMs }) {
  return new Promise((resolve) => {
    const statuses = {};
    const latencies = [];
    let sent = 0;
    let answered = 0;
    let done = false;
    const started = performance.now();
    const finish = () => {
      done = true;
      clearTimeout(timer);
      resolve({
        statuses,
        latencies,
        unanswered: sent - answered,
        seconds: (performance.now() - started) / 1000,
      });
    };
    const timer = setTimeout(finish, limitMs);
    const next = () => {
      if (done || sent >= messages) return;
      sent++;
      const at = performance.now();
      session.submit_sm(
        {
          source_addr: SENDER,
          destination_addr: DESTINATION,
          short_message: TEXT,
          registered_delivery: 1,
        },
        (pdu) => {
          latencies.push(performance.now() - at);
          statuses[pdu.command_status] = (statuses[pdu.command_status] ?? 0) + 1;
          answered++;
          if (answered === messages) finish();
          else next();
        },
      );
    };
    for (let i = 0; i < window; i++) next();
  });
}

/** The customer this row sends as: a balance for every message, and an SMPP account. */
async function prepareSmppSender(sql, url) {
  const customer = await signUpCustomer(url, 'smpp');
  const { json: quote } = await call(url, 'POST', '/api/sms/quote', {
    cookie: customer.cookie,
    body: { senderId: SENDER, recipient: `+${DESTINATION}`, message: TEXT },
    expected: [200],
  });
  const amount = (Number(quote.price) * (smppBench.messages + 10) + 1).toFixed(4);
  await credit(sql, customer.id, amount, 'bench: balance for the SMPP run');
  const { json: account } = await call(url, 'POST', '/api/sms/smpp-accounts', {
    cookie: customer.cookie,
    body: { label: 'Bench', allowedIps: [], maxPerSecond: smppBench.maxPerSecond },
    expected: [201],
  });
  return { ...customer, price: quote.price, account };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
    : 0;
};

/**
 * The row: null (with a note) when the server has no SMPP accounts route yet. It binds to
 * the port startParley gave SMPP_SERVER_PORT; `run.created` takes the customer for the
 * clean-up (its SMPP account, sessions and submits go with it).
 */
export async function smppRow(run, endpoint) {
  const { parley, notes } = run;
  const probe = await fetch(`${parley}/api/sms/smpp-accounts`, {
    headers: { cookie: run.sessions.sender },
  });
  await probe.arrayBuffer();
  if (probe.status === 404 || !running.smppPort) {
    notes.push(`${endpoint.name}: skipped, the server has no SMPP accounts route (not built yet)`);
    return null;
  }
  try {
    return await measureSmpp(run, endpoint);
  } catch (err) {
    // Set-up or bind failed: the row says so, and the rest of the run goes on.
    const failure = String(err?.message ?? err);
    return { rps: 0, p99: 0, cpuPerRequest: null, dbCpuPerRequest: null, total: 0, failure };
  }
}

async function measureSmpp(run, endpoint) {
  const { sql, parley } = run;
  const sender = await prepareSmppSender(sql, parley);
  run.created.push(sender.id);
  const receipts = { count: 0 };
  const session = await bind(running.smppPort, sender.account, receipts);
  try {
    return await measureBound(run, endpoint, sender, session, receipts);
  } finally {
    // Unbound and closed whatever happened: its enquire_link timer would keep the run alive.
    await within(new Promise((resolve) => session.unbind({}, resolve)), 2000, 'unbind').catch(
      () => {},
    );
    session.destroy();
  }
}

async function measureBound(run, endpoint, sender, session, receipts) {
  const pid = serverPids.get(run.parley);
  const cpuBefore = cpuMicros(pid);
  const dbBefore = databaseCpuMicros();
  const result = await submitAll(session, smppBench);
  const cpuAfter = cpuMicros(pid);
  const dbAfter = databaseCpuMicros();
  const accepted = result.statuses[0] ?? 0;
  const total = result.latencies.length + result.unanswered;
  const row = {
    rps: accepted / result.seconds,
    p99: Math.round(percentile(result.latencies, 99)),
    cpuPerRequest:
      cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / Math.max(total, 1),
    dbCpuPerRequest:
      dbBefore === null || dbAfter === null ? null : (dbAfter - dbBefore) / Math.max(total, 1),
    total,
    failure: null,
  };
  const refused = Object.entries(result.statuses).filter(([s]) => Number(s) !== 0);
  if (refused.length || result.unanswered)
    row.failure =
      `${accepted} of ${smppBench.messages} accepted; refused by status ` +
      `${JSON.stringify(Object.fromEntries(refused.map(([s, n]) => [`0x${Number(s).toString(16)}`, n])))}` +
      `, ${result.unanswered} unanswered after ${(smppBench.limitMs / 1000).toFixed(0)} s`;
  await report(run, endpoint, sender, row, receipts, result.seconds);
  return row;
}

/** The row's notes beside the HTTP send's, then the outbox drained and the ledger checked. */
async function report(run, endpoint, sender, row, receipts, seconds) {
  const http = run.rows.find((r) => r.name === 'POST /api/sms/send');
  run.notes.push(
    `${endpoint.name}: ${row.total} submit_sm in ${seconds.toFixed(1)} s from one session ` +
      `(window ${smppBench.window}), ${Math.round(row.rps)}/s` +
      (http
        ? `, ${(row.rps / http.rps).toFixed(2)} of the HTTP send's ${Math.round(http.rps)}/s`
        : ''),
  );
  const drain = await drainOutbox(run.sql, sender.id);
  // Receipts follow the sandbox's deliveries; those still due after the drain are counted.
  await new Promise((r) => setTimeout(r, 2000));
  run.notes.push(
    `${endpoint.name}: the outbox finished ${drain.seconds.toFixed(1)} s after the load ` +
      `(${drainLimitMs / 1000} s at most); final ${JSON.stringify(drain.final)}; ` +
      `${receipts.count} receipts came back as deliver_sm`,
  );
  const ledger = await checkLedger(run.sql, sender.id);
  if (ledger.problems.length)
    row.failure = `ledger: ${ledger.problems.join('; ')}${row.failure ? `; ${row.failure}` : ''}`;
}
