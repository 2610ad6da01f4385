// npm run bench:jobs: Parley's jobs on the large history (BENCH_LARGE_DATABASE_URL, filled
// by `npm run bench:seed-large`). For each job, a customer sends SMS at a steady rate
// (BENCH_JOBS_RATE a second) while nothing else runs, then again while the job runs pass
// after pass; the first pass has a realistic backlog made for it (a day of renewals due
// at once, a thousand customers under their alert). It prints each pass's time and the
// sends' p99 both ways: a job that held a lock a send waits for shows in the second.
// It changes the large history as the jobs would (renewals charged, notices written).
import path from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { SEED_DOMAIN } from '../../apps/api/dist/db/large-seed.js';
import { adminSession, call } from './api.mjs';
import { cleanUp } from './checks.mjs';
import { ENDPOINTS, largeDatabaseUrl, root } from './config.mjs';
import { bringUpToNow } from './large.mjs';
import { prepareSender } from './prepare.mjs';
import { running, startParley, stopAll } from './processes.mjs';
import { pad } from './report.mjs';
import { stopChild } from './server.mjs';

const rate = Number(process.env.BENCH_JOBS_RATE ?? 200);
const seconds = Number(process.env.BENCH_JOBS_SECONDS ?? 10);
const SEND = ENDPOINTS.find((e) => e.as === 'sender');
/** A day of the large history's monthly renewals (100,000 orders), due at once. */
const DAY_OF_RENEWALS = 3300;

/** What each job is given to do before its first pass, as SQL; the count it made. */
const BACKLOG = {
  renewals: async (sql) =>
    (
      await sql`
        update orders set renews_at = now() - interval '1 minute'
        where id in (
          select id from orders where status = 'active' and renews_at > now()
          order by renews_at limit ${DAY_OF_RENEWALS})`
    ).count,
  'low balance': async (sql) =>
    (
      await sql`
        insert into account_guardrails (user_id, low_balance_alert)
        select id, crypto_balance + 1 from users
        where email like ${`%@${SEED_DOMAIN}`} order by id limit 1000
        on conflict (user_id) do update
          set low_balance_alert = excluded.low_balance_alert, low_balance_notified = false`
    ).count,
};

/** Asks the host for one pass of `job`; resolves with its time in ms. */
function pass(host, job) {
  const id = Math.random();
  return new Promise((resolve, reject) => {
    const onMessage = (msg) => {
      if (msg.id !== id) return;
      host.off('message', onMessage);
      msg.error ? reject(new Error(`${job}: ${msg.error}`)) : resolve(msg.ms);
    };
    host.on('message', onMessage);
    host.send({ job, id });
  });
}

/** The sends' latencies (ms) while `during` runs, at `rate` a second for `seconds`. */
async function sends(url, cookie, during = async () => {}) {
  const latencies = [];
  let wrong = 0;
  const instance = autocannon({
    url: url + SEND.path,
    method: 'POST',
    connections: 10,
    overallRate: rate,
    duration: seconds,
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(SEND.body),
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status !== SEND.status) wrong++;
    latencies.push(ms);
  });
  const done = new Promise((resolve) => instance.once('done', resolve));
  const passes = await during(done);
  await done;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return {
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1),
    count: latencies.length,
    wrong,
    passes,
  };
}

/** Passes of `job` back to back until the load ends: their times, the first one's apart. */
function passesUntil(host, job) {
  return async (done) => {
    let over = false;
    done.then(() => (over = true));
    await new Promise((r) => setTimeout(r, 1000)); // the load settles first
    const times = [];
    while (!over) times.push(await pass(host, job));
    return times;
  };
}

/** The admin's "count now": the analytics, over every table. */
function recountsUntil(url, admin) {
  return async (done) => {
    let over = false;
    done.then(() => (over = true));
    await new Promise((r) => setTimeout(r, 1000));
    const times = [];
    while (!over) {
      const t = performance.now();
      await call(url, 'POST', '/api/admin/analytics/recount', { cookie: admin, expected: [200] });
      times.push(performance.now() - t);
    }
    return times;
  };
}

const ms = (n) => (n === undefined ? '—' : n < 10 ? n.toFixed(1) : Math.round(n));

async function main() {
  if (!largeDatabaseUrl) throw new Error('set BENCH_LARGE_DATABASE_URL (npm run bench:seed-large)');
  setTimeout(() => {
    console.error('bench:jobs: over its time budget, stopping');
    process.exit(1);
  }, 20 * 60_000).unref();
  process.on('exit', stopAll);
  await bringUpToNow();
  const sql = postgres(largeDatabaseUrl, { max: 2, onnotice: () => {} });
  const created = [];
  try {
    // The jobs' own timers far apart: each pass here is asked for.
    const url = await startParley({
      database: largeDatabaseUrl,
      script: path.join(root, 'scripts/bench/jobs-host.mjs'),
      env: {
        RENEWAL_INTERVAL_SECONDS: '3600',
        LOW_BALANCE_INTERVAL_SECONDS: '86400',
        RETENTION_INTERVAL_MINUTES: '1440',
      },
    });
    const host = running.parley;
    const admin = await adminSession(url);
    const sender = await prepareSender(sql, url, SEND);
    created.push(sender.id);
    console.log(
      `jobs on the large history: POST /api/sms/send at ${rate}/s for ${seconds} s, ` +
        'idle and then while the job runs pass after pass',
    );
    console.log(
      `${pad('job', 18)}${pad('backlog', 9)}${pad('1st ms', 8)}${pad('passes', 8)}${pad('median ms', 11)}` +
        `${pad('p99 idle', 10)}${pad('p99 busy', 10)}${pad('max busy', 10)}wrong`,
    );
    const only = process.env.BENCH_JOBS_ONLY?.split(',');
    const jobs = [
      'renewals',
      'low balance',
      'retention',
      'call settlement',
      'mail expiry',
      'analytics',
    ];
    for (const job of jobs.filter((j) => !only || only.includes(j))) {
      const idle = await sends(url, sender.cookie);
      const backlog = BACKLOG[job] ? await BACKLOG[job](sql) : 0;
      const busy = await sends(
        url,
        sender.cookie,
        job === 'analytics' ? recountsUntil(url, admin) : passesUntil(host, job),
      );
      const [first, ...rest] = busy.passes;
      const median = rest.sort((a, b) => a - b)[Math.floor(rest.length / 2)];
      console.log(
        pad(job, 18) +
          pad(backlog, 9) +
          pad(ms(first), 8) +
          pad(busy.passes.length, 8) +
          pad(ms(median), 11) +
          pad(ms(idle.p99), 10) +
          pad(ms(busy.p99), 10) +
          pad(ms(busy.max), 10) +
          (idle.wrong + busy.wrong),
      );
    }
  } finally {
    if (running.parley) await stopChild(running.parley);
    running.parley = null;
    await cleanUp(sql, created);
    await sql.end({ timeout: 5 });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error('bench:jobs failed:', err);
    process.exit(1);
  },
);
