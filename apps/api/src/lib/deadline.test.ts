import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadline } from './deadline.js';

// The garbage collector on demand, as `node --expose-gc` gives it.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

// A server that takes every request and never answers.
const server = http.createServer(() => {});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** What a read of the silent server ends with, collecting garbage while it waits. */
async function outcomeOf(signal: AbortSignal): Promise<string> {
  const read = fetch(url, { signal }).then(
    () => 'answered',
    (err: Error) => err.name,
  );
  for (let i = 0; i < 10; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return read;
}

describe('deadline', () => {
  it('cuts a read that gets no answer, even when garbage is collected meanwhile', async () => {
    const stopping = new AbortController();
    const cut = deadline(200, stopping.signal);
    expect(await outcomeOf(cut.signal)).toBe('TimeoutError');
    cut.clear();
  }, 5_000);

  it('ends at once when its parent is aborted, with the parent’s reason', async () => {
    const stopping = new AbortController();
    const cut = deadline(60_000, stopping.signal);
    stopping.abort(new DOMException('closing', 'AbortError'));
    expect(cut.signal.aborted).toBe(true);
    expect(await outcomeOf(cut.signal)).toBe('AbortError');
    cut.clear();
  });

  it('is aborted from the start when its parent already is', () => {
    const cut = deadline(60_000, AbortSignal.abort());
    expect(cut.signal.aborted).toBe(true);
    cut.clear();
  });

  it('once cleared, neither the timer nor the parent aborts it', async () => {
    const stopping = new AbortController();
    const cut = deadline(20, stopping.signal);
    cut.clear();
    stopping.abort();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cut.signal.aborted).toBe(false);
  });
});
