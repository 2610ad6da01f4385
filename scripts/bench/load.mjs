// One endpoint under autocannon's load, with its answers checked and the CPU time of the
// server and the database per request; the SIP edge's authorise-and-end loop.
import autocannon from 'autocannon';
import { OPEN_CALLS } from './checks.mjs';
import {
  BUSY_DESTINATION,
  CALLER_ID,
  callSettleLimitMs,
  connections,
  duration,
  EDGE_SECRET,
  runId,
  warmup,
} from './config.mjs';
import { databaseCpuMicros, serverPids } from './processes.mjs';
import { cpuMicros } from './server.mjs';

/**
 * Loads one endpoint. Every answer must have the expected status: anything else, and any
 * error or timeout, is a failure, reported with a sample of what came back.
 */
export async function load(url, { headers = {}, requests, expected = 200 } = {}) {
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
export async function loadEdge(sql, url, caller, expected) {
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
