// The cluster run's customer mix and its measure: throughput and CPU per request of
// Parley, PostgreSQL and HAProxy through a balancer in front of some instances.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { drainOutbox } from './checks.mjs';
import { startBalancer } from './cluster-nodes.mjs';
import { duration, warmup } from './config.mjs';
import { databaseCpuMicros } from './processes.mjs';
import { cpuMicros, stopChild } from './server.mjs';

const load = (opts) =>
  new Promise((resolve, reject) =>
    autocannon({ connections: 50, duration, ...opts }, (err, res) =>
      err ? reject(err) : resolve(res),
    ),
  );

/** The mix's reads, which the same-work baseline (baseline-reads.mjs) answers too. */
const readRequests = (cookie) =>
  ['/api/auth/user', '/api/transactions', '/api/sms/history'].map((path) => ({
    method: 'GET',
    path,
    headers: { cookie },
  }));

/**
 * A customer mix: a reader's account, payments and SMS history (a history that does not
 * grow, so both runs read the same), and SMS from the senders in turn, each handed to
 * the SMSC; the reads alone when there are no senders.
 */
function mixedRequests(reader, senders, sms) {
  const reads = readRequests(reader);
  if (senders.length === 0) return reads;
  let turn = 0;
  return [
    ...reads,
    {
      method: 'POST',
      path: '/api/sms/send',
      headers: { 'content-type': 'application/json' },
      setupRequest: (request) => {
        const sender = senders[turn++ % senders.length];
        request.headers = { ...request.headers, cookie: sender.cookie };
        request.body = JSON.stringify({ ...sms, message: 'cluster load', requestId: randomUUID() });
        return request;
      },
    },
  ];
}

/**
 * The mix through a balancer (started on `nodes`) in front of `servers`: throughput and
 * CPU per request, flat out, or at `rate` requests a second in all (`overallRate`). The
 * CPU counted is that of `counted` (default `servers`): an instance outside the balancer
 * still runs its jobs, and its outbox claims what the others accepted.
 */
export async function throughput(
  { nodes, sql, servers, counted = servers, reader, senders, sms },
  rate,
) {
  const balancer = await startBalancer(nodes, servers);
  try {
    const requests = mixedRequests(reader.cookie, senders, sms);
    const paced = rate ? { overallRate: rate } : {};
    await load({ url: balancer.url, duration: warmup, requests, ...paced });
    // Each run starts with nothing queued and ends when what it sent is delivered: the
    // SMS accepted faster than the outbox hands them over are paid for by their own run.
    const settled = await drainAll(sql, senders);
    if (settled.left > 0) throw new Error(`${settled.left} SMS of the warm-up never settled`);
    const standing = counted.filter((s) => !servers.includes(s));
    const cpuOfAll = (list) => list.reduce((sum, s) => sum + cpuMicros(s.child.pid), 0);
    const cpu = () => ({
      parley: cpuOfAll(counted),
      standby: cpuOfAll(standing),
      db: databaseCpuMicros(),
      haproxy: cpuMicros(balancer.child.pid),
    });
    const before = cpu();
    const startedAt = performance.now();
    const result = await load({ url: balancer.url, requests, ...paced });
    const drained = await drainAll(sql, senders);
    const seconds = (performance.now() - startedAt) / 1000;
    const after = cpu();
    const total = result.requests.total;
    const per = (key) =>
      before[key] === null || after[key] === null ? null : (after[key] - before[key]) / total;
    const wrong = Object.entries(result.statusCodeStats)
      .filter(([code]) => !['200', '201'].includes(code))
      .reduce((n, [, s]) => n + s.count, 0);
    return {
      instances: servers.length,
      rps: result.requests.average,
      // Requests answered over the load and the delivery of its SMS.
      sustained: total / seconds,
      left: drained.left,
      parleyUs: per('parley'),
      // Of which the instances outside the balancer.
      standbyUs: per('standby'),
      dbUs: per('db'),
      haproxyUs: per('haproxy'),
      wrong: wrong + result.errors + result.timeouts,
    };
  } finally {
    await stopChild(balancer.child);
  }
}

/** Waits for every sender's outbox to empty; how many messages were still left. */
async function drainAll(sql, senders) {
  let left = 0;
  for (const sender of senders) left += (await drainOutbox(sql, sender.id)).left;
  return { left };
}
