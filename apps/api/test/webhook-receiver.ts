// A customer's webhook receiver on 127.0.0.1 for the webhook tests: it keeps every
// request, answers as the test says, and verifies signatures with the reference
// `standardwebhooks` package, as a customer's system would.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** What to answer a request: a status (and headers, body), or 'hold' to never answer. */
export type Answer = { status: number; headers?: Record<string, string>; body?: string } | 'hold';

export interface Receiver {
  url: (path?: string) => string;
  received: Received[];
  /** Answers from now on (200 "ok" by default). */
  answer: (f: (req: Received, index: number) => Answer) => void;
  close: () => Promise<void>;
}

export async function startReceiver(port = 0): Promise<Receiver> {
  const received: Received[] = [];
  let decide: (req: Received, index: number) => Answer = () => ({ status: 200, body: 'ok' });
  const held: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [
          k,
          Array.isArray(v) ? v.join(', ') : (v ?? ''),
        ]),
      );
      const r: Received = {
        path: req.url ?? '/',
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(r);
      const a = decide(r, received.length - 1);
      if (a === 'hold') {
        held.push(res);
        return;
      }
      res.writeHead(a.status, a.headers ?? {});
      res.end(a.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${bound}${path}`,
    received,
    answer: (f) => {
      decide = f;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The payload when the request verifies with `secret` (standardwebhooks); throws otherwise. */
export function verified(
  secret: string,
  r: Received,
): { type: string; data: Record<string, unknown> } {
  return new Webhook(secret).verify(r.body, r.headers) as {
    type: string;
    data: Record<string, unknown>;
  };
}
