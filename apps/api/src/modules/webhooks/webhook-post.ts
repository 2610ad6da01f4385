import { promises as dns } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { hostOf, isPublicAddress } from './webhook-address.js';

/** Every address a host name resolves to (tests inject their own answers). */
export type ResolveHost = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolve: ResolveHost = (host) => dns.lookup(host, { all: true, verbatim: true });

/** What one try came to: an HTTP answer, or why none came (refused, timed out, reset). */
export type PostResult =
  | {
      kind: 'answer';
      status: number;
      latencyMs: number;
      excerpt: string;
      /** Retry-After, in milliseconds from now, when the receiver sent one. */
      retryAfterMs: number | null;
    }
  | { kind: 'error'; error: string; latencyMs: number | null };

export interface PostOptions {
  allowedHosts: readonly string[];
  resolve?: ResolveHost;
  connectTimeoutMs?: number;
  totalTimeoutMs?: number;
  /** The most of an answer read; the rest is dropped. */
  readCapBytes?: number;
}

const EXCERPT_BYTES = 1024;

/** Retry-After as seconds or an HTTP date, in milliseconds from `now`; null when absent or bad. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Printable text of the answer's first bytes (no NUL, which the database cannot keep). */
function excerptOf(body: Buffer): string {
  return body
    .subarray(0, EXCERPT_BYTES)
    .toString('utf8')
    .replace(/(?![\t\n\r])\p{Cc}/gu, '\ufffd');
}

/**
 * The address to connect to, checked: a host not on the allow list must be https and
 * every address it resolves to public (a name pointing at 127.0.0.1 or 10.x is refused).
 * The connection then goes to this very address: no second lookup can change it.
 */
async function checkedAddress(url: URL, options: PostOptions) {
  const host = hostOf(url);
  const allowed = options.allowedHosts.includes(host);
  if (!allowed && url.protocol !== 'https:') return 'refused: only https URLs are accepted';
  const literal = isIP(host);
  const found = literal
    ? [{ address: host, family: literal }]
    : await (options.resolve ?? systemResolve)(host);
  const first = found[0];
  if (!first) return `refused: ${host} has no address`;
  if (!allowed) {
    const bad = found.find((a) => !isPublicAddress(a.address));
    if (bad) return `refused: ${host} resolves to a private address`;
  }
  return first;
}

/**
 * POSTs one signed delivery: to the checked address only, no redirect followed (a 3xx is
 * an answer like any other non-2xx), 5 s to connect and 10 s in all, at most 64 KB of
 * the answer read and its first 1 KB kept.
 */
export async function postWebhook(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  options: PostOptions,
): Promise<PostResult> {
  const url = new URL(rawUrl);
  let target: Awaited<ReturnType<typeof checkedAddress>>;
  try {
    target = await checkedAddress(url, options);
  } catch (err) {
    return { kind: 'error', error: `lookup failed: ${(err as Error).message}`, latencyMs: null };
  }
  if (typeof target === 'string') return { kind: 'error', error: target, latencyMs: null };
  const { address, family } = target;
  const lookup: LookupFunction = (_host, opts, cb) => {
    if (opts.all)
      (cb as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    else cb(null, address, family);
  };
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const cap = options.readCapBytes ?? 64 * 1024;
  return new Promise<PostResult>((resolve) => {
    const req = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      agent: false,
      lookup,
      signal: AbortSignal.timeout(options.totalTimeoutMs ?? 10_000),
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'Parley-Webhooks/1.0',
      },
    });
    const fail = (err: Error) =>
      resolve({
        kind: 'error',
        error: err.name === 'AbortError' ? 'timed out' : err.message,
        latencyMs: elapsed(),
      });
    req.on('error', fail);
    req.on('socket', (socket) => {
      const timer = setTimeout(
        () => req.destroy(new Error('connect timed out')),
        options.connectTimeoutMs ?? 5000,
      );
      socket.once('connect', () => clearTimeout(timer));
      socket.once('close', () => clearTimeout(timer));
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () =>
        resolve({
          kind: 'answer',
          status: res.statusCode ?? 0,
          latencyMs: elapsed(),
          excerpt: excerptOf(Buffer.concat(chunks)),
          retryAfterMs: retryAfterMs(res.headers['retry-after']),
        });
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= cap) chunks.push(chunk);
        else {
          res.destroy();
          done();
        }
      });
      res.on('end', done);
      res.on('error', done);
    });
    req.end(body);
  });
}
