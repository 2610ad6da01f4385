import http from 'node:http';

export type Sse = { id: string; event: string; data: unknown };

/** A minimal EventSource: collects events and waits for one that matches. */
export function openStream(base: string, path: string, cookie: string, lastEventId?: string) {
  const received: Sse[] = [];
  const waiters: { test: (e: Sse) => boolean; resolve: (e: Sse) => void }[] = [];
  let buffer = '';
  const req = http.get(`${base}${path}`, {
    headers: {
      cookie,
      accept: 'text/event-stream',
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
  });
  let markEnded: () => void = () => {};
  /** Resolves when the server ends the response (or the connection drops). */
  const ended = new Promise<void>((resolve) => {
    markEnded = resolve;
  });
  let body = '';
  const status = new Promise<number>((resolve) => {
    req.on('response', (res) => {
      resolve(res.statusCode ?? 0);
      res.on('end', () => markEnded());
      res.on('close', () => markEnded());
      if (res.statusCode !== 200) {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        return;
      }
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            block
              .split('\n')
              .find((l) => l.startsWith(`${name}: `))
              ?.slice(name.length + 2) ?? '';
          const e = {
            id: field('id'),
            event: field('event'),
            data: JSON.parse(field('data') || 'null'),
          };
          received.push(e);
          for (const w of waiters.splice(0)) w.test(e) ? w.resolve(e) : waiters.push(w);
        }
      });
    });
  });
  req.on('error', () => markEnded());
  return {
    status,
    ended,
    /** The body of a refused (non-200) answer. */
    body: () => body,
    received,
    next(test: (e: Sse) => boolean, ms = 5000): Promise<Sse> {
      const found = received.find(test);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no such event in time')), ms);
        waiters.push({
          test,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
      });
    },
    close: () => req.destroy(),
  };
}
