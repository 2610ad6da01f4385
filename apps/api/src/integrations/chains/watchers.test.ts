import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.js';
import { createChainWatchers } from './watchers.js';

describe('createChainWatchers', () => {
  it('builds an adapter per network with a node, and none for Solana yet', () => {
    const { chains } = loadConfig({
      CHAIN_BITCOIN_RPC_URL: 'http://127.0.0.1:1/',
      CHAIN_LITECOIN_RPC_URL: 'http://127.0.0.1:2/',
      CHAIN_POLYGON_RPC_URL: 'http://127.0.0.1:3/',
      CHAIN_TRON_RPC_URL: 'http://127.0.0.1:4/',
      CHAIN_SOLANA_RPC_URL: 'http://127.0.0.1:5/',
    });
    expect(createChainWatchers(chains).map((w) => w.network)).toEqual([
      'bitcoin',
      'litecoin',
      'polygon',
      'tron',
    ]);
    expect(createChainWatchers(loadConfig({}).chains)).toEqual([]);
  });
});
