// The live chat's part of npm run bench: the send path, and one customer message fanned
// out to many connected admin streams (each event's delivery time, p50 and p99).
import { randomUUID } from 'node:crypto';
import http from 'node:http';

/** The chatter's conversation: opened through the API like the chat window does. */
export async function chatSession(url, cookie) {
  const res = await fetch(`${url}/api/chat/session`, { headers: { cookie } });
  if (!res.ok) throw new Error(`GET /api/chat/session: ${res.status} ${await res.text()}`);
  return (await res.json()).id;
}

/** autocannon requests that send a chat message each, with its own request id. */
export function chatSendRequests(cookie, sessionId) {
  return () => [
    {
      method: 'POST',
      path: '/api/chat/send',
      headers: { cookie, 'content-type': 'application/json' },
      setupRequest: (request) => {
        request.body = JSON.stringify({ sessionId, message: 'Bench', requestId: randomUUID() });
        return request;
      },
    },
  ];
}

/**
 * Opens one event stream (an admin's unless `path` says otherwise) and calls
 * `onEvent(type, data)` for each event; resolves once the stream said `connected`.
 * Returns a way to close it.
 */
export function openStream(url, cookie, onEvent, path = '/api/admin/events') {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${url}${path}`,
      { headers: { cookie, accept: 'text/event-stream' }, agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`GET ${path}: ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk) => {
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const type = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (type === 'connected') resolve({ close: () => req.destroy() });
            else if (type && data) onEvent(type, data);
          }
        });
      },
    );
    req.on('error', reject);
  });
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;

/**
 * `streams` admin streams, then `messages` customer messages one after another (each
 * waits until every stream has it, or 10 s): every delivery's time from the send, in ms.
 * Fails when any stream misses a message.
 */
export async function fanOut(url, { sql, adminCookie, chatter, sessionId, streams, messages }) {
  // The rows before this one leave events still being stored and sent: measure once
  // the events table has stopped growing.
  for (let last = -1, at = Date.now(); Date.now() - at < 60_000; ) {
    const [{ id }] = await sql`select coalesce(max(id), 0)::bigint as id from events`;
    if (String(id) === String(last)) break;
    last = id;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const arrivals = new Map();
  const opened = [];
  try {
    for (let i = 0; i < streams; i += 50)
      opened.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(50, streams - i) }, () =>
            openStream(url, adminCookie, (type, data) => {
              if (type !== 'chat.message') return;
              const text = JSON.parse(data).message?.message;
              const waiting = arrivals.get(text);
              if (waiting) waiting.times.push(performance.now() - waiting.sentAt);
            }),
          ),
        )),
      );
    const delays = [];
    let missing = 0;
    for (let i = 0; i < messages; i++) {
      const text = `fan-out ${i} ${randomUUID()}`;
      const entry = { sentAt: performance.now(), times: [] };
      arrivals.set(text, entry);
      const res = await fetch(`${url}/api/chat/send`, {
        method: 'POST',
        headers: { cookie: chatter, 'content-type': 'application/json' },
        body: JSON.stringify({ sessionId, message: text, requestId: randomUUID() }),
      });
      if (res.status !== 201)
        throw new Error(`POST /api/chat/send: ${res.status} ${await res.text()}`);
      const deadline = Date.now() + 10_000;
      while (entry.times.length < streams && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 5));
      missing += streams - entry.times.length;
      delays.push(...entry.times);
    }
    delays.sort((a, b) => a - b);
    return {
      deliveries: delays.length,
      p50: percentile(delays, 50),
      p99: percentile(delays, 99),
      max: delays.at(-1) ?? 0,
      failure: missing > 0 ? `${missing} deliveries missing of ${streams * messages}` : null,
    };
  } finally {
    for (const stream of opened) stream.close();
  }
}
