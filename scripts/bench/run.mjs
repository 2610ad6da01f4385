// npm run bench: loads Parley's endpoints with autocannon and prints each one beside a
// raw node:http baseline and a raw one-query baseline measured in the same run, as
// ratios. Everything listens on 127.0.0.1, runs for a bounded time, and is stopped by
// its pid at the end. The customers, payments, SMS, calls and ledger rows it creates
// are deleted afterwards. Then the chain watcher's rows (chain.mjs, a database of their
// own) and the memory rows. Settings: config.mjs.
import postgres from 'postgres';
import { adminSession, preparePayments, signUpCustomer } from './api.mjs';
import { chainRows } from './chain.mjs';
import { chatSession } from './chat.mjs';
import { cleanUp } from './checks.mjs';
import {
  connections,
  databaseUrl,
  duration,
  ENDPOINTS,
  only,
  PENDING_PER_WRITER,
  quotesPerSecond,
  warmup,
} from './config.mjs';
import { largeRows } from './large.mjs';
import { load } from './load.mjs';
import { prepareCaller, prepareQuotes, prepareReader, prepareSender } from './prepare.mjs';
import { guardRun, running, startBaseline, startParley, stopAll } from './processes.mjs';
import { fanOutRow, memoryReport, printSummary, printTable } from './report.mjs';
import { measureEndpoints } from './rows.mjs';
import { stopChild } from './server.mjs';

/** The customers each row sends as, made ready; each one's id goes onto `created`. */
async function prepareCustomers(sql, parley, admin, created) {
  await preparePayments(parley, admin);
  const reader = await prepareReader(sql, parley, created);
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
  return { quoteIds, sender, caller, chatter, chatSessionId, sessions };
}

/** The baselines' rows, in the table's order, and how to measure each one again. */
async function measureBaselines(urls, rows) {
  const { hello, query, txBaseline, fastifyFloor, fastifyRoutes, reads } = urls;
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
  const baselineRuns = {
    hello: () => load(hello),
    query: () => load(`${query}/`),
    tx: () => load(`${txBaseline}/`, { expected: 201 }),
    routes: () => load(`${fastifyRoutes}/`),
    // The row's own statements done raw, for the same customer.
    raw: (endpoint, run) =>
      load(reads + endpoint.path, { headers: { cookie: run.sessions[endpoint.as] } }),
  };
  return { baselines, baselineRuns };
}

guardRun();
const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
const created = [];
const run = { sql, rows: [], notes: [], created };
try {
  const urls = {
    hello: await startBaseline('baseline-hello.mjs'),
    query: await startBaseline('baseline-query.mjs'),
    txBaseline: await startBaseline('baseline-tx.mjs'),
    fastifyFloor: await startBaseline('baseline-fastify.mjs'),
    fastifyRoutes: await startBaseline('baseline-fastify.mjs', { BENCH_FASTIFY_ROUTES: '1' }),
    reads: await startBaseline('baseline-reads.mjs'),
  };
  run.parley = await startParley();

  console.log(
    `Load: ${connections} connections, ${duration} s per endpoint after a ${warmup} s warm-up ` +
      `(GET rows and baselines), database ${new URL(databaseUrl).host}`,
  );
  const admin = await adminSession(run.parley);
  Object.assign(run, await prepareCustomers(sql, run.parley, admin, created));

  const { baselines, baselineRuns } = await measureBaselines(urls, run.rows);
  const paired = await measureEndpoints(run, baselineRuns);

  const missed = [];
  printTable(run.rows, paired, baselines, missed);
  await fanOutRow(run, admin, missed);
  // The large history, the chain watcher and memory come last, once Parley's own run is
  // over: each on servers of its own.
  await stopChild(running.parley);
  running.parley = null;
  await largeRows(run, missed).catch((err) => {
    run.rows.push({ name: 'large history', failure: String(err?.message ?? err) });
  });
  if (only.length === 0 || only.includes('chain'))
    await chainRows(run.notes).catch((err) => {
      run.rows.push({ name: 'chain watcher', failure: String(err?.message ?? err) });
    });
  await memoryReport({ databaseUrl, duration }, missed);
  printSummary(run, missed);
} finally {
  // Parley first, so its outbox is not still sending what the clean-up deletes.
  if (running.parley) await stopChild(running.parley);
  try {
    await cleanUp(sql, created);
  } catch (err) {
    console.error('bench: clean-up failed', err);
    process.exitCode = 1;
  }
  await sql.end({ timeout: 5 });
  stopAll();
}
