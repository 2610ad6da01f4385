// Each of Parley's rows under load (config.mjs's ENDPOINTS), one kind of row per function,
// with what a row checks after its run (calls ended, outbox drained, balance = ledger).
import { topUp, txHash } from './api.mjs';
import { chatSendRequests } from './chat.mjs';
import { checkCalls, checkLedger, drainOutbox } from './checks.mjs';
import {
  CALLER_LINES,
  drainLimitMs,
  duration,
  ENDPOINTS,
  GOALS,
  goalPairs,
  only,
  smsReceiptDelayMs,
} from './config.mjs';
import { load, loadEdge } from './load.mjs';
import { smppRow } from './smpp.mjs';

/** After a call run: every call ended, no hold left, balance = ledger; else a failure. */
async function callReport(run, endpoint, result, gateway) {
  const check = await checkCalls(run.sql, run.caller.id, gateway);
  run.notes.push(
    `${endpoint.name}: ${check.atEnd} calls open when the load stopped, ended ` +
      `${check.seconds.toFixed(1)} s later; final ${JSON.stringify(check.final)}; ` +
      `held ${check.held}, balance ${check.balance} = ledger ${check.ledger}`,
  );
  if (check.problems.length)
    result.failure = `calls: ${check.problems.join('; ')}${result.failure ? `; ${result.failure}` : ''}`;
}

async function chatRow(run, endpoint) {
  return load(run.parley, {
    expected: endpoint.status,
    requests: chatSendRequests(run.chatter.cookie, run.chatSessionId),
  });
}

async function edgeRow(run, endpoint) {
  const result = await loadEdge(run.sql, run.parley, run.caller, endpoint.status);
  run.notes.push(
    `${endpoint.name}: ${result.allowed} calls authorised (${(result.allowed / duration).toFixed(0)}/s), ` +
      `each ended in the same loop; ${result.leftOpen} authorised as the load stopped were ended after it`,
  );
  await callReport(run, endpoint, result, 'sip');
  return result;
}

/** The SMS outbox handed everything to the gateway, and the sender's ledger adds up. */
async function outboxReport(run, endpoint, result) {
  const { sql, sender, notes } = run;
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
    notes.push(`${endpoint.name}: ${drain.left} messages not done after ${drainLimitMs / 1000} s`);
  if (drain.final.failed) notes.push(`${endpoint.name}: ${drain.final.failed} messages failed`);
  const ledger = await checkLedger(sql, sender.id);
  if (ledger.problems.length)
    result.failure = `ledger: ${ledger.problems.join('; ')}${result.failure ? `; ${result.failure}` : ''}`;
}

async function bodyRow(run, endpoint, headers) {
  const result = await load(run.parley, {
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
  if (endpoint.calls) await callReport(run, endpoint, result, endpoint.calls);
  if (endpoint.outbox) await outboxReport(run, endpoint, result);
  return result;
}

/** Payments submitted by the writers, each paying its own pre-made quote. */
async function createRow(run, endpoint, headers) {
  const { quoteIds } = run;
  let next = 0;
  const result = await load(run.parley, {
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
  return result;
}

/** One row's run, by its kind; null when an optional row's endpoint is not there. */
async function measure(run, endpoint) {
  const headers = endpoint.as ? { cookie: run.sessions[endpoint.as] } : {};
  if (endpoint.chat) return chatRow(run, endpoint);
  if (endpoint.edge) return edgeRow(run, endpoint);
  if (endpoint.smpp) return smppRow(run, endpoint);
  if (endpoint.optional) {
    const probe = await fetch(run.parley + endpoint.path, { headers });
    await probe.arrayBuffer();
    if (probe.status === 404) {
      run.notes.push(`${endpoint.name}: skipped, the server answers 404 (not built yet)`);
      return null;
    }
  }
  if (endpoint.body) return bodyRow(run, endpoint, headers);
  if (!endpoint.create) return load(run.parley + endpoint.path, { headers });
  return createRow(run, endpoint, headers);
}

/** A GET row that can be loaded again and again with nothing left behind. */
const repeatable = (e) => e.path && !e.body && !e.create && !e.optional;

/**
 * A goal row against its baseline: a single pair for a write (its run uses up what was
 * prepared for it), `goalPairs` pairs for a read, taken in turns (baseline first, then the
 * row first) so a drift of the machine's speed weighs on both alike. The pair whose
 * ratio is the median stands for the row; every pair's ratio goes into the notes.
 */
async function measurePaired(run, endpoint, goal, baselineRuns) {
  const pairs = repeatable(endpoint) ? goalPairs : 1;
  const taken = [];
  for (let i = 0; i < pairs; i++) {
    let baseline;
    let result;
    if (i % 2 === 0) {
      baseline = await baselineRuns[goal.of](endpoint, run);
      result = await measure(run, endpoint);
    } else {
      result = await measure(run, endpoint);
      baseline = await baselineRuns[goal.of](endpoint, run);
    }
    if (!result) return null;
    taken.push({ baseline, result, ratio: result.rps / baseline.rps });
    // A failed run, the row's or its baseline's, stands for the row: both are printed
    // above each other, and either's failure fails the bench.
    if (result.failure || baseline.failure) break;
  }
  if (taken.length === 0) throw new Error(`${endpoint.name}: no pair measured`);
  const sorted = [...taken].sort((a, b) => a.ratio - b.ratio);
  // The lower middle when the count is even: a goal is never met on the better of two.
  const median =
    taken.find((p) => p.result.failure || p.baseline.failure) ?? sorted[(sorted.length - 1) >> 1];
  if (taken.length > 1)
    run.notes.push(
      `${endpoint.name}: ${taken.length} pairs against ${goal.of}, ratios ` +
        taken.map((p) => p.ratio.toFixed(3)).join(', '),
    );
  return median;
}

/**
 * Runs the rows BENCH_ONLY asks for into `run.rows`; returns each goal row's baseline
 * (of the pair that stands for it).
 */
export async function measureEndpoints(run, baselineRuns) {
  const paired = new Map();
  const wanted = (endpoint) =>
    only.length === 0 || only.some((w) => endpoint.name.toLowerCase().includes(w));
  for (const endpoint of ENDPOINTS.filter(wanted)) {
    // A row with a goal is judged against its baseline measured beside it: what the
    // machine does meanwhile (PostgreSQL's autovacuum after the write rows, a neighbour's
    // load) then weighs on both alike.
    const goal = GOALS[endpoint.name];
    if (goal) {
      const pair = await measurePaired(run, endpoint, goal, baselineRuns);
      if (!pair) continue;
      paired.set(endpoint.name, pair.baseline.rps);
      // A read's baseline of its pair goes above it, so its CPU per request shows too.
      if (repeatable(endpoint))
        run.rows.push({ name: `  ${goal.of}: ${endpoint.path}`, ...pair.baseline });
      run.rows.push({ name: endpoint.name, ...pair.result });
      continue;
    }
    const result = await measure(run, endpoint);
    if (result) run.rows.push({ name: endpoint.name, ...result });
  }
  return paired;
}
