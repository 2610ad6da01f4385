import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook, retryAfterMs } from './webhook-post.js';

// A receiver on 127.0.0.1 that answers by path: slowly, hugely, or with a redirect.
let server: http.Server;
let base: string;
const hits: string[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    req.resume();
    if (req.url === '/slow') return void setTimeout(() => res.end('late'), 5000);
    if (req.url === '/huge') {
      res.writeHead(200);
      res.write('\u0000'.repeat(10).concat('x'.repeat(300_000)));
      return void res.end();
    }
    if (req.url === '/moved') {
      res.writeHead(301, { location: `${base}/elsewhere` });
      return void res.end();
    }
    res.end('ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const allowed = { allowedHosts: ['127.0.0.1'] };

describe('posting a webhook', () => {
  it('gives up after the total timeout', async () => {
    const started = Date.now();
    const r = await postWebhook(`${base}/slow`, {}, '{}', { ...allowed, totalTimeoutMs: 300 });
    expect(r).toMatchObject({ kind: 'error', error: 'timed out' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reads at most the cap and keeps a printable 1 KB excerpt', async () => {
    const r = await postWebhook(`${base}/huge`, {}, '{}', { ...allowed, readCapBytes: 1000 });
    if (r.kind !== 'answer') throw new Error(r.error);
    expect(r.status).toBe(200);
    expect(r.excerpt.length).toBeLessThanOrEqual(1024);
    expect(r.excerpt).not.toContain('\u0000');
  });

  it('answers a redirect as it is, never following it', async () => {
    const r = await postWebhook(`${base}/moved`, {}, '{}', allowed);
    expect(r).toMatchObject({ kind: 'answer', status: 301 });
    expect(hits).not.toContain('/elsewhere');
  });

  it('refuses a host not allowed before connecting', async () => {
    const before = hits.length;
    expect(await postWebhook(`${base}/x`, {}, '{}', { allowedHosts: [] })).toMatchObject({
      kind: 'error',
      error: 'refused: only https URLs are accepted',
    });
    const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    expect(
      await postWebhook('https://evil.example/x', {}, '{}', { allowedHosts: [], resolve }),
    ).toMatchObject({
      kind: 'error',
      error: 'refused: evil.example resolves to a private address',
    });
    expect(hits.length).toBe(before);
  });

  it('connects to the checked address, not a second lookup', async () => {
    let lookups = 0;
    const resolve = async () => {
      lookups++;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const port = new URL(base).port;
    const r = await postWebhook(`http://receiver.test:${port}/pinned`, {}, '{}', {
      allowedHosts: ['receiver.test'],
      resolve,
    });
    expect(r).toMatchObject({ kind: 'answer', status: 200 });
    expect(lookups).toBe(1);
    expect(hits).toContain('/pinned');
  });

  it('reads Retry-After as seconds or a date', () => {
    expect(retryAfterMs('120')).toBe(120_000);
    expect(retryAfterMs('Sun, 29 Nov 2026 12:01:00 GMT', Date.parse('2026-11-29T12:00:00Z'))).toBe(
      60_000,
    );
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(undefined)).toBeNull();
  });
});
