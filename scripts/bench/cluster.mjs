// Two Parley instances behind HAProxy on one PostgreSQL (`npm run bench:cluster`, after
// `npm run build`; needs Debian's haproxy: apt-get install haproxy). In one run:
//   1. mixed customer traffic through HAProxy to one instance and to two, in
//      BENCH_CLUSTER_PAIRS pairs of runs close in time (cluster-compare.mjs): requests a
//      second and the CPU per request of Parley, PostgreSQL and HAProxy (on 2 cores the
//      throughput cannot grow; the CPU per request must not), flat out and again at
//      BENCH_CLUSTER_RATE requests a second in all (400 by default);
//      and the mix's reads alone on the two and on two same-work baselines, whose rise
//      with a second process is what Parley's is judged against;
//   2. chat across instances: a customer's message sent to one reaches an admin's stream
//      on the other, and the reply comes back the other way;
//   3. SIGKILL of one instance under SMS load: every send carries a request id and is
//      retried through HAProxy until it has an answer; afterwards every accepted message
//      was handed to the SMSC at most once, each is delivered or failed and refunded, and
//      balance = ledger.
// Everything listens on 127.0.0.1 and is stopped by its pid; the run is bounded.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { adminSession, call, preparePayments, signUpCustomer } from './api.mjs';
import { chatSession, openStream } from './chat.mjs';
import { checkLedger, cleanUp, drainOutbox } from './checks.mjs';
import { compareInPairs, summariseAgainstRaw, summarisePairs } from './cluster-compare.mjs';
import { KILL, killUnderLoad } from './cluster-kill.mjs';
import { throughput } from './cluster-mix.mjs';
import {
  balancers,
  findHaproxy,
  startBalancer,
  startInstance,
  startRawReads,
} from './cluster-nodes.mjs';
import { databaseUrl, drainLimitMs, duration, HISTORY_ROWS, warmup } from './config.mjs';
import { prepareHistory, prepareSender } from './prepare.mjs';
import { freePort, stopChild } from './server.mjs';
import { startSmsc } from './smsc.mjs';

const SMSC_ACCOUNT = { systemId: 'cluster', password: 'cluster1' };
const SMS = { senderId: 'Parley', recipient: '+447400123456' };
/** Requests a second in all for the paced runs: below what one instance sustains here. */
const CLUSTER_RATE = Number(process.env.BENCH_CLUSTER_RATE ?? 400);
/** Customers whose SMS the mix sends in turn (each charge locks its sender's balance). */
const SENDERS = Number(process.env.BENCH_CLUSTER_SENDERS ?? 10);
/** Pairs of one-instance and two-instance runs, each pair flat out and paced. */
const PAIRS = Number(process.env.BENCH_CLUSTER_PAIRS ?? 3);
/** On two cores: CPU per request with two instances at most this times one's. */
const CPU_RATIO_GOAL = 1.1;
for (const [name, value] of [
  ['BENCH_CLUSTER_RATE', CLUSTER_RATE],
  ['BENCH_CLUSTER_SENDERS', SENDERS],
  ['BENCH_CLUSTER_PAIRS', PAIRS],
])
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a whole number, 1 or more`);
    process.exit(1);
  }
const haproxy = findHaproxy();
if (!haproxy) {
  console.error('bench:cluster needs HAProxy: apt-get install haproxy');
  process.exit(1);
}
setTimeout(
  () => {
    console.error('bench:cluster: over its time budget, stopping');
    process.exit(1);
  },
  ((4 + 12 * PAIRS) * (duration + warmup + 10) + KILL.seconds + 240) * 1000 +
    (3 + 2 * PAIRS) * drainLimitMs,
).unref();

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-cluster-'));
const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
const smsc = await startSmsc(SMSC_ACCOUNT);
const nodes = { work, smsc, account: SMSC_ACCOUNT, haproxy };
const mixOf = (servers, reader, senders) => ({ nodes, sql, servers, reader, senders, sms: SMS });

/** Waits (bounded) until `test()` is true; false if it never was. */
async function until(test, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (test()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return test();
}

/** A customer's chat message to instance `a` reaches an admin's stream on `b`, and back. */
async function acrossInstances(a, b, chatter, admin) {
  const sessionId = await chatSession(a.url, chatter.cookie);
  const heard = { admin: [], customer: [] };
  const listen = (list) => (type, data) => {
    if (type === 'chat.message') list.push(JSON.parse(data).message?.message);
  };
  const adminStream = await openStream(b.url, admin, listen(heard.admin));
  const customerStream = await openStream(
    a.url,
    chatter.cookie,
    listen(heard.customer),
    '/api/events',
  );
  try {
    const question = `across ${randomUUID()}`;
    const answer = `reply ${randomUUID()}`;
    let at = performance.now();
    await call(a.url, 'POST', '/api/chat/send', {
      cookie: chatter.cookie,
      body: { sessionId, message: question, requestId: randomUUID() },
    });
    const toAdmin = (await until(() => heard.admin.includes(question), 5000))
      ? performance.now() - at
      : null;
    at = performance.now();
    await call(b.url, 'POST', '/api/admin/chat/reply', {
      cookie: admin,
      body: { sessionId, message: answer, requestId: randomUUID() },
    });
    const toCustomer = (await until(() => heard.customer.includes(answer), 5000))
      ? performance.now() - at
      : null;
    return { toAdmin, toCustomer };
  } finally {
    adminStream.close();
    customerStream.close();
  }
}

/**
 * The mix's reads alone, in pairs, on the two instances and on two same-work baselines
 * (the same statements on bare node:http and postgres.js) behind the same balancer.
 */
async function readsAgainstRaw(a, b, reader) {
  const readsOf = (servers) => mixOf(servers, reader, []);
  const raw = [];
  try {
    for (const name of ['ra', 'rb']) raw.push(await startRawReads(name));
    for (const server of raw) await throughput(readsOf([server]));
    const parley = [];
    const baseline = [];
    const opts = { mixOf: readsOf, pairs: 1, rate: CLUSTER_RATE, onRun: checkRun };
    for (let pair = 1; pair <= PAIRS; pair++) {
      parley.push(...(await compareInPairs({ ...opts, a, b, first: pair })));
      baseline.push(...(await compareInPairs({ ...opts, a: raw[0], b: raw[1], first: pair })));
    }
    return summariseAgainstRaw(parley, baseline, CLUSTER_RATE, CPU_RATIO_GOAL);
  } finally {
    for (const server of raw) await stopChild(server.child);
  }
}

/** What the instance outside the balancer spent, within Parley's CPU of a run of one. */
const standby = (run) =>
  run.standbyUs > 0 ? ` (of which ${run.standbyUs.toFixed(0)} µs standing by)` : '';

/** A run that answered anything but 200/201, or left SMS unsettled, fails the bench. */
function checkRun(run) {
  if (run.wrong > 0) failures.push(`${run.instances} instance(s): ${run.wrong} bad answers`);
  if (run.left > 0) failures.push(`${run.instances} instance(s): ${run.left} SMS never settled`);
}

const report = [];
const failures = [];
const tag = randomUUID().slice(0, 8);
let instances = [];
const customers = [];
try {
  const a = await startInstance(nodes, 'a', await freePort());
  instances = [a];
  const admin = await adminSession(a.url);
  await preparePayments(a.url, admin);
  const senders = [];
  for (let n = 0; n < SENDERS; n++) {
    const body = { ...SMS, message: 'x' };
    senders.push(await prepareSender(sql, a.url, { body, country: 'GB', label: `sender-${n}` }));
  }
  // The SIGKILL run sends as one of them.
  const sender = senders[0];
  const chatter = await signUpCustomer(a.url, 'cluster-chatter');
  const reader = await signUpCustomer(a.url, 'cluster-reader');
  customers.push(...senders.map((s) => s.id), chatter.id, reader.id);
  await prepareHistory(sql, reader.id, HISTORY_ROWS);

  // Both instances run from here on; each first serves the mix on its own, so both have
  // run the same code as long before they are compared, as long-lived instances would.
  await throughput(mixOf([a], reader, senders));
  const b = await startInstance(nodes, 'b', await freePort());
  instances = [a, b];
  await throughput(mixOf([b], reader, senders));
  const pairs = await compareInPairs({
    mixOf: (servers) => mixOf(servers, reader, senders),
    a,
    b,
    pairs: PAIRS,
    rate: CLUSTER_RATE,
    onRun: (run, paced) => {
      const kind = paced ? `at ${CLUSTER_RATE} req/s` : `flat out (SMS from ${SENDERS} customers)`;
      const rates = paced
        ? ''
        : `${Math.round(run.rps)} req/s answered, ${Math.round(run.sustained)} req/s with their SMS delivered; `;
      report.push(
        `mixed traffic ${kind}, ${run.instances} instance(s): ${rates}CPU per request ` +
          `Parley ${run.parleyUs?.toFixed(0)} µs${standby(run)}, PostgreSQL ${run.dbUs?.toFixed(0) ?? '-'} µs, ` +
          `HAProxy ${run.haproxyUs?.toFixed(0)} µs; ${run.wrong} answers not 200/201`,
      );
      checkRun(run);
    },
  });
  report.push(...summarisePairs(pairs, CLUSTER_RATE, CPU_RATIO_GOAL));
  report.push(...(await readsAgainstRaw(a, b, reader)));

  const across = await acrossInstances(a, b, chatter, admin);
  report.push(
    `chat across instances: customer → admin ${across.toAdmin?.toFixed(0) ?? 'never'} ms, ` +
      `admin → customer ${across.toCustomer?.toFixed(0) ?? 'never'} ms`,
  );
  if (across.toAdmin === null || across.toCustomer === null)
    failures.push('a chat message did not cross instances');

  const balancer = await startBalancer(nodes, [a, b]);
  const killed = await killUnderLoad({
    balancer,
    instance: a,
    // On its own data folder: the same instance id, so it settles its own claims at start.
    restart: () => startInstance(nodes, a.name, a.port),
    cookie: sender.cookie,
    sms: SMS,
    tag,
  });
  instances = [killed.again, b];
  const drained = await drainOutbox(sql, sender.id);
  await stopChild(balancer.child);
  const rows = await sql`
    select id, message, status from sms_messages
    where user_id = ${sender.id} and message like ${`cluster ${tag} %`}`;
  const byStatus = {};
  let twice = 0;
  let unsent = 0;
  let orphans = 0;
  for (const row of rows) {
    byStatus[row.status] = (byStatus[row.status] ?? 0) + 1;
    const submits = smsc.submits.get(row.message) ?? 0;
    if (submits > 1) twice++;
    if (row.status === 'delivered' && submits === 0) unsent++;
    if (!killed.accepted.has(row.id)) orphans++;
  }
  // Every message of the sender that did not go out has its own refund, and only those.
  const [{ refunds, unsettled, unmatched }] = await sql`
    select
      (select count(*)::int from ledger_entries
        where user_id = ${sender.id} and kind = 'refund') as refunds,
      (select count(*)::int from sms_messages
        where user_id = ${sender.id} and status in ('failed', 'expired')) as unsettled,
      (select count(*)::int from sms_messages m
        where m.user_id = ${sender.id} and m.status in ('failed', 'expired')
          and not exists (select 1 from ledger_entries l where l.user_id = m.user_id
            and l.kind = 'refund' and l.reference = 'sms:' || m.id)) as unmatched`;
  const ledger = await checkLedger(sql, sender.id);
  for (const other of senders.slice(1))
    ledger.problems.push(...(await checkLedger(sql, other.id)).problems);
  report.push(
    `SIGKILL under load: ${killed.accepted.size} SMS accepted (${killed.killedAt} before the ` +
      `kill), ${killed.stats.retries} retries through HAProxy, ${killed.stats.errors.length} ` +
      `sends without an answer; settled in ${drained.seconds.toFixed(1)} s: ` +
      `${JSON.stringify(byStatus)}; ${refunds} refunds; sent twice: ${twice}; ` +
      `delivered unsent: ${unsent}; ` +
      `messages nobody was told of: ${orphans}; ledger: ${ledger.problems.join('; ') || 'balance = ledger'}`,
  );
  if (rows.length !== killed.accepted.size)
    failures.push(`${killed.accepted.size} accepted but ${rows.length} stored`);
  if (twice > 0) failures.push(`${twice} messages reached the SMSC twice`);
  if (unsent > 0) failures.push(`${unsent} messages delivered without reaching the SMSC`);
  if (refunds !== unsettled || unmatched > 0)
    failures.push(
      `${unsettled} messages failed or expired, ${refunds} refunds, ${unmatched} without one`,
    );
  if (orphans > 0) failures.push(`${orphans} stored messages no client was answered for`);
  if (drained.left > 0) failures.push(`${drained.left} messages never settled`);
  if (killed.stats.errors.length > 0)
    failures.push(`sends without an answer: ${killed.stats.errors.slice(0, 3).join(' | ')}`);
  failures.push(...ledger.problems);
} catch (err) {
  failures.push(err instanceof Error ? err.message : String(err));
} finally {
  for (const balancer of [...balancers]) await stopChild(balancer);
  for (const instance of instances) await stopChild(instance.child);
  await cleanUp(sql, customers).catch((err) => failures.push(`clean-up: ${err.message}`));
  await sql.end();
  await smsc.close();
  fs.rmSync(work, { recursive: true, force: true });
}
for (const line of report) console.log(line);
if (failures.length > 0) {
  console.error(`bench:cluster FAILED:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('bench:cluster: every check held');
process.exit(0);
