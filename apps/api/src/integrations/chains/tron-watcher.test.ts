import { afterEach, describe, expect, it } from 'vitest';
import {
  type Answer,
  deadUrl,
  fixture,
  type RecordedNode,
  type RecordedRequest,
  startRecordedNode,
} from '../../../test/recorded-node.js';
import { ChainNodeError } from './port.js';
import { tronBase58ToHex, tronHexToBase58 } from './tron-address.js';
import { createTronWatcher, TRON_MAINNET_GENESIS } from './tron-watcher.js';

// No TRON node runs here: these tests replay answers recorded from TRON's HTTP API
// documentation (the fixture lists the pages, and what was edited) from a server on
// 127.0.0.1, so the adapter's requests and parsing meet the documented wire format.

interface Recorded {
  genesis: { mainnet: string; nile: string };
  answers: {
    '/wallet/getnowblock': unknown;
    '/wallet/getblockbynum': Record<string, unknown>;
    '/wallet/gettransactioninfobyblocknum': Record<string, unknown>;
  };
}
const recorded = () => fixture('tron-nile-66987565.json') as Recorded;

const HEIGHT = 66987565;
const WATCHED = 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW';
const USDT = {
  currency: 'USDT' as const,
  contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  decimals: 6,
};
const isWatched = (a: string) => a === WATCHED;

/** Replays the fixture: per endpoint, per `num` where the endpoint takes one. */
function replay(data: Recorded) {
  return (req: RecordedRequest): Answer => {
    const num = String((req.body as { num?: number } | null)?.num ?? '');
    switch (req.path) {
      case '/wallet/getnowblock':
        return { json: data.answers['/wallet/getnowblock'] };
      case '/wallet/getblockbynum':
        return { json: data.answers['/wallet/getblockbynum'][num] ?? {} };
      case '/wallet/gettransactioninfobyblocknum':
        return { json: data.answers['/wallet/gettransactioninfobyblocknum'][num] ?? [] };
      default:
        return undefined;
    }
  };
}

let node: RecordedNode | null = null;
afterEach(async () => {
  await node?.close();
  node = null;
});

async function watcherOn(data: Recorded, extra: { genesisBlockId?: string } = {}) {
  node = await startRecordedNode(replay(data));
  return createTronWatcher({ rpcUrl: node.url, tokens: [USDT], timeoutMs: 2000, ...extra });
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return err instanceof ChainNodeError ? err.code : `not a ChainNodeError: ${String(err)}`;
}

describe('TRON addresses', () => {
  it('converts hex 41… and base58 T… both ways (USDT contract vector)', () => {
    expect(tronHexToBase58('41a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe(USDT.contract);
    expect(tronBase58ToHex(USDT.contract)).toBe('41a614f803b6fd780986a42c78ec9c7f77e6ded13c');
    expect(tronBase58ToHex('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBeNull();
    expect(tronHexToBase58('42a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBeNull();
  });
});

describe('TRON watcher against recorded answers', () => {
  it('reads the tip, a block hash, and null above the tip', async () => {
    const w = await watcherOn(recorded());
    expect(await w.tipHeight()).toBe(HEIGHT);
    expect(await w.blockHash(HEIGHT)).toBe(
      '0000000003fe262d52bfa4b2814f816fd2e57af5b98a33d60d8630a03a908e0e',
    );
    expect(await w.blockHash(HEIGHT + 1)).toBeNull();
  });

  it('finds the watched TRX transfer and USDT event, exactly, and nothing else', async () => {
    const w = await watcherOn(recorded());
    const block = await w.block(HEIGHT, isWatched);
    expect(block.header).toEqual({
      height: HEIGHT,
      hash: '0000000003fe262d52bfa4b2814f816fd2e57af5b98a33d60d8630a03a908e0e',
      parentHash: '0000000003fe262c85cd6b02033f4c3e5c1efa35de256a17bd906dc61fb1aeed',
      time: new Date(1777445121000),
    });
    // Not found: the transfer to an unwatched address, the failed TRX transfer, the USDT
    // event to an unwatched address, another contract's Transfer and the failed USDT call.
    expect(block.outputs).toEqual([
      {
        txid: 'ff44a2823a870c12f12a4ca6e7647650356bc2bb5e02c5855312cf2db4c950c1',
        output: 'tx',
        address: WATCHED,
        currency: 'TRX',
        amount: '12.345678',
      },
      {
        txid: expect.stringMatching(/^[0-9a-f]{64}$/),
        // Its place within its own transaction (one log there), not in the block.
        output: 'log0',
        address: WATCHED,
        currency: 'USDT',
        // 123456789012345678901 units: above 2^53, kept exact.
        amount: '123456789012345.678901',
      },
    ]);
    expect(node?.requests.map((r) => r.path)).toEqual([
      '/wallet/getblockbynum',
      '/wallet/gettransactioninfobyblocknum',
    ]);
  });

  it('reads the same payments when the node writes base58 addresses (visible: true)', async () => {
    const data = recorded();
    const text = JSON.stringify(data).replace(/"(41[0-9a-f]{40})"/g, (_, hex: string) =>
      JSON.stringify(tronHexToBase58(hex)),
    );
    const visible = JSON.parse(text) as Recorded;
    for (const info of visible.answers['/wallet/gettransactioninfobyblocknum'][String(HEIGHT)] as {
      log?: { address: string }[];
    }[])
      for (const log of info.log ?? []) log.address = tronHexToBase58(`41${log.address}`) ?? '';
    const w = await watcherOn(visible);
    const block = await w.block(HEIGHT, isWatched);
    expect(block.outputs.map((o) => [o.currency, o.output, o.amount])).toEqual([
      ['TRX', 'tx', '12.345678'],
      ['USDT', 'log0', '123456789012345.678901'],
    ]);
  });

  it('refuses a TRX amount above 2^53 rather than round it', async () => {
    const data = recorded();
    const block = data.answers['/wallet/getblockbynum'][String(HEIGHT)] as {
      transactions: { raw_data: { contract: { parameter: { value: { amount: number } } }[] } }[];
    };
    const first = block.transactions[0]?.raw_data.contract[0];
    if (!first) throw new Error('The fixture lost its TRX transfer.');
    first.parameter.value.amount = 2 ** 53 + 2;
    const w = await watcherOn(data);
    expect(await codeOf(w.block(HEIGHT, isWatched))).toBe('CHAIN_BAD_ANSWER');
  });

  it('answers a malformed block with CHAIN_BAD_ANSWER', async () => {
    const data = recorded();
    data.answers['/wallet/getblockbynum'][String(HEIGHT)] = { blockID: 'not a hash' };
    const w = await watcherOn(data);
    expect(await codeOf(w.block(HEIGHT, isWatched))).toBe('CHAIN_BAD_ANSWER');
    await node?.close();
    // Transaction infos missing for some of the block's transactions: payments could hide.
    const partial = recorded();
    const infos = partial.answers['/wallet/gettransactioninfobyblocknum'];
    infos[String(HEIGHT)] = (infos[String(HEIGHT)] as unknown[]).slice(0, 3);
    const w1 = await watcherOn(partial);
    expect(await codeOf(w1.block(HEIGHT, isWatched))).toBe('CHAIN_BAD_ANSWER');
    await node?.close();
    node = await startRecordedNode(() => ({ text: '<html>busy</html>' }));
    const w2 = createTronWatcher({ rpcUrl: node.url, tokens: [USDT] });
    expect(await codeOf(w2.tipHeight())).toBe('CHAIN_BAD_ANSWER');
  });

  it('checks the genesis block: mainnet passes, Nile is CHAIN_MISMATCH', async () => {
    const data = recorded();
    expect(data.genesis.mainnet).toBe(TRON_MAINNET_GENESIS);
    await expect((await watcherOn(data)).check()).resolves.toBeUndefined();
    await node?.close();
    const nile = await watcherOn(data, { genesisBlockId: data.genesis.nile });
    expect(await codeOf(nile.check())).toBe('CHAIN_MISMATCH');
  });

  it('is CHAIN_UNREACHABLE on HTTP 500 and when nothing listens', async () => {
    node = await startRecordedNode(() => ({ status: 500, json: { Error: 'boom' } }));
    const w = createTronWatcher({ rpcUrl: node.url, tokens: [USDT] });
    expect(await codeOf(w.tipHeight())).toBe('CHAIN_UNREACHABLE');
    const dead = createTronWatcher({ rpcUrl: await deadUrl(), tokens: [USDT], timeoutMs: 2000 });
    expect(await codeOf(dead.check())).toBe('CHAIN_UNREACHABLE');
  });

  it('sends credentials from the URL as a header and keeps the URL path prefix', async () => {
    const data = recorded();
    node = await startRecordedNode((req) =>
      replay(data)({ ...req, path: req.path.replace(/^\/prefix/, '') }),
    );
    const url = `${node.url.replace('http://', 'http://user:s3cret@')}/prefix/`;
    const w = createTronWatcher({ rpcUrl: url, tokens: [USDT] });
    expect(await w.tipHeight()).toBe(HEIGHT);
    expect(node.requests[0]?.path).toBe('/prefix/wallet/getnowblock');
    expect(node.requests[0]?.authorization).toBe(
      `Basic ${Buffer.from('user:s3cret').toString('base64')}`,
    );
  });

  it('has no pending view', async () => {
    const w = await watcherOn(recorded());
    expect(await w.pending(isWatched)).toEqual([]);
  });
});
