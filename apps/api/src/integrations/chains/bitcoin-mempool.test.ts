import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBitcoinCoreWatcher } from './bitcoin-core.js';
import { createMempoolReader } from './bitcoin-mempool.js';
import { ChainNodeError } from './port.js';

// A scripted node on 127.0.0.1: what a mempool does between two polls is hard to make a
// real node do on cue (a transaction leaving between getrawmempool and its fetch).

const WATCHED = 'rltc1qwy49p5q7u5mv3u7w2k37xxun3zep56fwgl40eu';
const txid = (i: number) => i.toString(16).padStart(64, '0');

let mempool: string[] = [];
/** Transactions the node still has; a txid in the mempool list but not here has just left. */
let transactions = new Map<string, string>();
let fetched: string[] = [];
let server: Server;
let url = '';

function txJson(id: string, amount: string): string {
  return `{"txid":"${id}","vout":[{"value":${amount},"n":0,"scriptPubKey":{"addresses":["${WATCHED}"]}}]}`;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => {
      const call = JSON.parse(body) as { id: number; method: string; params: unknown[] };
      let result = 'null';
      let error = 'null';
      if (call.method === 'getrawmempool') result = JSON.stringify(mempool);
      if (call.method === 'getrawtransaction') {
        const id = String(call.params[0]);
        fetched.push(id);
        const tx = transactions.get(id);
        if (tx) result = tx;
        else error = '{"code":-5,"message":"No such mempool or blockchain transaction"}';
      }
      res.writeHead(error === 'null' ? 200 : 500, { 'content-type': 'application/json' });
      res.end(`{"jsonrpc":"2.0","id":${call.id},"result":${result},"error":${error}}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  mempool = [];
  transactions = new Map();
  fetched = [];
});

const watched = (a: string) => a === WATCHED;

describe('the mempool reader', () => {
  it('decodes each transaction once and forgets those that left the mempool', async () => {
    for (let i = 1; i <= 3; i++) {
      mempool.push(txid(i));
      transactions.set(txid(i), txJson(txid(i), `0.${i}0000001`));
    }
    const reader = createMempoolReader('litecoin', 'regtest', { url, exactKeys: ['value'] });
    const first = await reader.pending(watched);
    expect(first.map((o) => o.amount)).toEqual(['0.10000001', '0.20000001', '0.30000001']);
    expect(fetched).toHaveLength(3);

    mempool = [txid(2), txid(4)];
    transactions.set(txid(4), txJson(txid(4), '4'));
    const second = await reader.pending(watched);
    expect(second.map((o) => o.txid)).toEqual([txid(2), txid(4)]);
    expect(fetched.slice(3)).toEqual([txid(4)]);
    expect(reader.cached()).toBe(2);
  });

  it('skips a transaction that left between the list and its fetch', async () => {
    mempool = [txid(1), txid(2)];
    transactions.set(txid(2), txJson(txid(2), '2'));
    const reader = createMempoolReader('litecoin', 'regtest', { url, exactKeys: ['value'] });
    expect((await reader.pending(watched)).map((o) => o.txid)).toEqual([txid(2)]);
  });

  it('bounds the fetches per call and the transactions remembered', async () => {
    for (let i = 1; i <= 10; i++) {
      mempool.push(txid(i));
      transactions.set(txid(i), txJson(txid(i), '1'));
    }
    const reader = createMempoolReader('litecoin', 'regtest', { url, exactKeys: ['value'] }, 4, 6);
    expect(await reader.pending(watched)).toHaveLength(4);
    expect(await reader.pending(watched)).toHaveLength(6);
    // Full: nothing more is fetched until transactions leave.
    expect(await reader.pending(watched)).toHaveLength(6);
    expect(fetched).toHaveLength(6);
    mempool = mempool.slice(5);
    expect(await reader.pending(watched)).toHaveLength(5);
  });

  it('refuses a transaction other than the one asked, and a mempool that does not parse', async () => {
    mempool = [txid(1)];
    transactions.set(txid(1), txJson(txid(9), '1'));
    const reader = createMempoolReader('litecoin', 'regtest', { url, exactKeys: ['value'] });
    await expect(reader.pending(watched)).rejects.toMatchObject({ code: 'CHAIN_BAD_ANSWER' });
    mempool = ['not a txid'];
    await expect(reader.pending(watched)).rejects.toMatchObject({ code: 'CHAIN_BAD_ANSWER' });
  });
});

describe('creating the watcher', () => {
  it('refuses an RPC URL that is not http(s) without repeating it', () => {
    for (const rpcUrl of ['not a url user:s3cret', 'ftp://user:s3cret@127.0.0.1/']) {
      let caught: unknown;
      try {
        createBitcoinCoreWatcher({ network: 'bitcoin', rpcUrl, chain: 'mainnet' });
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(ChainNodeError);
      expect(JSON.stringify({ ...(caught as object), m: String(caught) })).not.toContain('s3cret');
    }
  });
});
