// The same-work baseline for Parley's signed-in reads: bare node:http and postgres.js
// (one pool, prepared statements) running the very statements Parley runs for each read,
// imported from its built repositories, with the same parameters: the session lookup by
// the cookie's token hash, then the read's own statements. It answers the rows as JSON
// and nothing else (no headers, checks or mapping): what the work costs done raw.
import { createHash } from 'node:crypto';
import http from 'node:http';
import postgres from 'postgres';
import { SESSION_LOOKUP_SQL } from '../../apps/api/dist/modules/auth/auth.repo.js';
import { PAYMENTS_LIST_SQL } from '../../apps/api/dist/modules/payments/payments.repo.js';
import {
  SMS_COUNT_SQL,
  SMS_HISTORY_SQL,
} from '../../apps/api/dist/modules/sms/sms-history.repo.js';
import {
  CALL_COUNT_SQL,
  CALL_HISTORY_SQL,
} from '../../apps/api/dist/modules/voice/call-history.repo.js';
import { SESSION_COOKIE } from '../../apps/api/dist/plugins/session-cookie.js';

const sql = postgres(process.env.BENCH_DATABASE_URL, { max: 10, onnotice: () => {} });
const run = (text, params) => sql.unsafe(text, params, { prepare: true });

/** The session's user, as Parley finds it: the cookie's token, hashed, looked up now. */
async function sessionUser(req) {
  const cookie = req.headers.cookie ?? '';
  const start = cookie.indexOf(`${SESSION_COOKIE}=`);
  if (start < 0) return null;
  const end = cookie.indexOf(';', start);
  const token = cookie.slice(start + SESSION_COOKIE.length + 1, end < 0 ? undefined : end);
  const hash = createHash('sha256').update(token).digest('hex');
  const [row] = await run(SESSION_LOOKUP_SQL, [hash, new Date().toISOString()]);
  return row ?? null;
}

/** A page of a history: its rows and the count, in parallel as Parley reads them. */
async function page(url, userId, pageSql, countSql) {
  const n = Number(url.searchParams.get('page') ?? 1);
  const size = Number(url.searchParams.get('pageSize') ?? 20);
  const [items, [total]] = await Promise.all([
    run(pageSql, [userId, size, (n - 1) * size]),
    run(countSql, [userId]),
  ]);
  return { items, total: total.n, page: n, pageSize: size };
}

const reads = {
  '/api/auth/user': async (_url, user) => user,
  '/api/transactions': (_url, user) => run(PAYMENTS_LIST_SQL, [user.id, 100]),
  '/api/sms/history': (url, user) => page(url, user.id, SMS_HISTORY_SQL, SMS_COUNT_SQL),
  '/api/sip/history': (url, user) => page(url, user.id, CALL_HISTORY_SQL, CALL_COUNT_SQL),
};

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url, 'http://127.0.0.1');
    // A balancer's health check (bench:cluster runs two of these behind HAProxy).
    if (url.pathname === '/api/health') return res.end('{"status":"ok"}');
    const read = reads[url.pathname];
    const user = read ? await sessionUser(req) : null;
    if (!user) {
      res.writeHead(read ? 401 : 404);
      return res.end();
    }
    const body = JSON.stringify(await read(url, user));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  } catch {
    res.writeHead(503);
    res.end();
  }
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
