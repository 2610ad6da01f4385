import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for a chain node that has no local build here (TRON, Solana): an HTTP server
 * on 127.0.0.1 that answers each request with a response recorded from the vendor's
 * documentation (the fixtures say which page). It only replays; it computes nothing.
 */

export interface RecordedRequest {
  path: string;
  body: unknown;
  /** The Authorization header, to check credentials travel there and not in the URL. */
  authorization: string | null;
}

/** What the node answers: a JSON body (status 200 unless said), or undefined for a 404. */
export type Answer = { status?: number; json?: unknown; text?: string } | undefined;

export interface RecordedNode {
  /** The node's base URL (http://127.0.0.1:<port>). */
  url: string;
  /** Every request received, in order, to assert what the adapter asked for. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** A fixture file under src/integrations/chains/fixtures, parsed. */
export function fixture(name: string): unknown {
  const file = new URL(`../src/integrations/chains/fixtures/${name}`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8'));
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/** Starts the server on a free port of 127.0.0.1; `answer` picks the reply per request. */
export async function startRecordedNode(
  answer: (req: RecordedRequest) => Answer,
): Promise<RecordedNode> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    readBody(req)
      .then((body) => {
        const request = {
          path: new URL(req.url ?? '/', 'http://x').pathname,
          body,
          authorization: req.headers.authorization ?? null,
        };
        requests.push(request);
        const reply = answer(request);
        if (!reply) {
          res.writeHead(404).end();
          return;
        }
        const text = reply.text ?? JSON.stringify(reply.json ?? null);
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' }).end(text);
      })
      .catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL on 127.0.0.1 where nothing listens (a server opened, then closed). */
export async function deadUrl(): Promise<string> {
  const node = await startRecordedNode(() => undefined);
  await node.close();
  return node.url;
}

/** A JSON-RPC 2.0 reply with `result`, or with `error` when given one. */
export function rpcReply(req: RecordedRequest, result: unknown): Answer {
  const id = (req.body as { id?: unknown } | null)?.id ?? null;
  return { json: { jsonrpc: '2.0', id, result } };
}

export function rpcError(req: RecordedRequest, code: number, message: string): Answer {
  const id = (req.body as { id?: unknown } | null)?.id ?? null;
  return { json: { jsonrpc: '2.0', id, error: { code, message } } };
}
