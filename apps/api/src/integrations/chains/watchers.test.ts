import { afterEach, describe, expect, it } from 'vitest';
import {
  fixture,
  type RecordedNode,
  type RecordedRequest,
  rpcError,
  rpcReply,
  startRecordedNode,
} from '../../../test/recorded-node.js';
import { GENESIS } from '../../config/chains-config.js';
import { loadConfig } from '../../config/env.js';
import { ChainNodeError } from './port.js';
import { createChainWatchers } from './watchers.js';

let node: RecordedNode | null = null;
afterEach(async () => {
  await node?.close();
  node = null;
});

async function codeOf(promise: Promise<unknown>): Promise<string | null> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return err instanceof ChainNodeError ? err.code : err === null ? null : String(err);
}

/**
 * Block 0 and the tip of TRON mainnet (tron-nile-66987565.json: block 0's blockID as
 * java-tron answers it) and Solana's getGenesisHash (solana-slots-429-432.json: the
 * example answer of https://solana.com/docs/rpc/http/getgenesishash).
 */
function replay(req: RecordedRequest) {
  const tron = fixture('tron-nile-66987565.json') as {
    answers: Record<string, Record<string, unknown>>;
  };
  const solana = fixture('solana-slots-429-432.json') as { answers: { getGenesisHash: string } };
  if (req.path === '/wallet/getnowblock') return { json: tron.answers['/wallet/getnowblock'] };
  if (req.path === '/wallet/getblockbynum')
    return { json: tron.answers['/wallet/getblockbynum']?.['0'] ?? {} };
  const body = req.body as { method?: string };
  if (body?.method === 'getGenesisHash') return rpcReply(req, solana.answers.getGenesisHash);
  return rpcError(req, -32601, 'Method not found');
}

describe('createChainWatchers', () => {
  it('builds an adapter per network with a node, Solana included', () => {
    const { chains } = loadConfig({
      CHAIN_BITCOIN_RPC_URL: 'http://127.0.0.1:1/',
      CHAIN_LITECOIN_RPC_URL: 'http://127.0.0.1:2/',
      CHAIN_POLYGON_RPC_URL: 'http://127.0.0.1:3/',
      CHAIN_TRON_RPC_URL: 'http://127.0.0.1:4/',
      CHAIN_SOLANA_RPC_URL: 'http://127.0.0.1:5/',
    });
    const watchers = createChainWatchers(chains);
    expect(watchers.map((w) => w.network)).toEqual([
      'bitcoin',
      'litecoin',
      'polygon',
      'tron',
      'solana',
    ]);
    // Solana's payments are found by their quotes' references, not block by block.
    expect(watchers.map((w) => typeof w.findByReference)).toEqual([
      'undefined',
      'undefined',
      'undefined',
      'undefined',
      'function',
    ]);
    expect(createChainWatchers(loadConfig({}).chains)).toEqual([]);
  });

  it('refuses a TRON or Solana node on another chain than configured, and starts on its own', async () => {
    node = await startRecordedNode(replay);
    const url = node.url;
    const watchers = (env: Record<string, string>) => {
      const [tron, solana] = createChainWatchers(
        loadConfig({ CHAIN_TRON_RPC_URL: url, CHAIN_SOLANA_RPC_URL: url, ...env }).chains,
      );
      if (!tron || !solana) throw new Error('Both watchers are built.');
      return { tron, solana };
    };
    // The recorded TRON node is mainnet; the docs' Solana answer is no public cluster's.
    const mainnet = watchers({});
    expect(await codeOf(mainnet.tron.check())).toBeNull();
    expect(await codeOf(mainnet.solana.check())).toBe('CHAIN_MISMATCH');
    const nile = watchers({ CHAIN_TRON_NETWORK: 'nile', CHAIN_SOLANA_NETWORK: 'devnet' });
    expect(await codeOf(nile.tron.check())).toBe('CHAIN_MISMATCH');
    expect(await codeOf(nile.solana.check())).toBe('CHAIN_MISMATCH');
    const own = watchers({
      CHAIN_TRON_GENESIS: GENESIS.tron.mainnet as string,
      CHAIN_SOLANA_GENESIS: 'GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69Xm1ZE3MEE6JC',
    });
    expect(await codeOf(own.tron.check())).toBeNull();
    expect(await codeOf(own.solana.check())).toBeNull();
  });
});
