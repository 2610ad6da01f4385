import { isValidAddress, toChecksumAddress } from '@parley/shared/chains';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TOKENS, GENESIS } from './chains-config.js';
import { ConfigError, loadConfig } from './env.js';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
};

describe('chain watcher settings', () => {
  it('watches nothing without an RPC URL, with a 7-day late window and 10 s polls', () => {
    const { chains } = loadConfig({});
    expect(chains.networks).toEqual({});
    expect(chains.lateWindowMs).toBe(7 * 86_400_000);
    expect(chains.pollMs).toBe(10_000);
  });

  it('reads a network with the defaults of its kind', () => {
    const { chains } = loadConfig({
      CHAIN_BITCOIN_RPC_URL: 'http://u:p@127.0.0.1:8332/',
      CHAIN_ETHEREUM_RPC_URL: 'https://eth.example/v1',
    });
    expect(chains.networks.bitcoin).toMatchObject({
      confirmations: 2,
      chain: 'mainnet',
      chainId: null,
      tokens: [],
    });
    expect(chains.networks.ethereum).toMatchObject({
      confirmations: 12,
      chainId: 1,
      tokens: [
        { currency: 'USDT', contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 },
        { currency: 'USDC', contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6 },
      ],
    });
    expect(chains.networks.litecoin).toBeUndefined();
  });

  it('reads each EVM network’s own token contracts with their own decimals', () => {
    const { chains } = loadConfig({
      CHAIN_BSC_RPC_URL: 'https://bsc.example/',
      CHAIN_POLYGON_RPC_URL: 'https://polygon.example/',
    });
    // BEP-20 USDT and USDC declare 18 decimals; Polygon's, like Ethereum's, 6.
    expect(chains.networks.bsc?.tokens).toEqual([
      { currency: 'USDT', contract: '0x55d398326f99059fF775485246999027B3197955', decimals: 18 },
      { currency: 'USDC', contract: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', decimals: 18 },
    ]);
    expect(chains.networks.polygon?.tokens).toEqual([
      { currency: 'USDT', contract: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', decimals: 6 },
      { currency: 'USDC', contract: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', decimals: 6 },
    ]);
    // Each override is per network: BSC's decimals do not leak into Polygon's.
    const overridden = loadConfig({
      CHAIN_BSC_RPC_URL: 'https://bsc.example/',
      CHAIN_POLYGON_RPC_URL: 'https://polygon.example/',
      CHAIN_BSC_USDT_DECIMALS: '6',
    }).chains.networks;
    expect(overridden.bsc?.tokens[0]?.decimals).toBe(6);
    expect(overridden.polygon?.tokens[0]?.decimals).toBe(6);
  });

  it('writes every default contract in its checksummed form, one contract per token and network', () => {
    for (const [network, tokens] of Object.entries(DEFAULT_TOKENS)) {
      for (const t of tokens ?? []) {
        if (network === 'tron') expect(isValidAddress('tron', t.contract)).toBe(true);
        else expect(toChecksumAddress(t.contract)).toBe(t.contract);
      }
      expect(new Set(tokens?.map((t) => t.currency)).size).toBe(tokens?.length);
    }
    const all = Object.values(DEFAULT_TOKENS).flatMap((ts) => ts?.map((t) => t.contract) ?? []);
    expect(new Set(all).size).toBe(all.length);
  });

  it('names the chain a TRON or Solana node must be on: mainnet by default, a named network, or a genesis', () => {
    const urls = {
      CHAIN_TRON_RPC_URL: 'http://127.0.0.1:1/',
      CHAIN_SOLANA_RPC_URL: 'http://127.0.0.1:2/',
    };
    const plain = loadConfig(urls).chains.networks;
    expect(plain.tron?.genesis).toBe(GENESIS.tron.mainnet);
    expect(plain.solana?.genesis).toBe('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d');
    const named = loadConfig({
      ...urls,
      CHAIN_TRON_NETWORK: 'nile',
      CHAIN_SOLANA_NETWORK: 'devnet',
    }).chains.networks;
    expect(named.tron?.genesis).toBe(GENESIS.tron.nile);
    expect(named.solana?.genesis).toBe(GENESIS.solana.devnet);
    // A private network's genesis wins over the name (TRON's ids compared in lower case).
    const given = loadConfig({
      ...urls,
      CHAIN_TRON_NETWORK: 'nile',
      CHAIN_TRON_GENESIS: 'AB'.repeat(32),
      CHAIN_SOLANA_GENESIS: 'GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69Xm1ZE3MEE6JC',
    }).chains.networks;
    expect(given.tron?.genesis).toBe('ab'.repeat(32));
    expect(given.solana?.genesis).toBe('GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69Xm1ZE3MEE6JC');
    expect(
      loadConfig({ CHAIN_BITCOIN_RPC_URL: 'http://127.0.0.1:3/' }).chains.networks.bitcoin?.genesis,
    ).toBeNull();
    expect(
      problemsOf({
        CHAIN_TRON_NETWORK: 'shasta',
        CHAIN_SOLANA_NETWORK: 'mainnet',
        CHAIN_TRON_GENESIS: 'xyz',
        CHAIN_SOLANA_GENESIS: '0OIl',
      })
        .map((p) => p.split(':')[0])
        .sort(),
    ).toEqual([
      'CHAIN_SOLANA_GENESIS',
      'CHAIN_SOLANA_NETWORK',
      'CHAIN_TRON_GENESIS',
      'CHAIN_TRON_NETWORK',
    ]);
  });

  it('takes overrides for test networks', () => {
    const { chains } = loadConfig({
      CHAIN_LITECOIN_RPC_URL: 'http://127.0.0.1:19443/',
      CHAIN_LITECOIN_NETWORK: 'regtest',
      CHAIN_LITECOIN_CONFIRMATIONS: '1',
      CHAIN_ETHEREUM_RPC_URL: 'http://127.0.0.1:8545/',
      CHAIN_ETHEREUM_CHAIN_ID: '31337',
      CHAIN_ETHEREUM_USDT_CONTRACT: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      CHAIN_ETHEREUM_USDT_DECIMALS: '18',
      CHAIN_LATE_PAYMENT_DAYS: '0',
      CHAIN_POLL_SECONDS: '0.2',
    });
    expect(chains.networks.litecoin).toMatchObject({ chain: 'regtest', confirmations: 1 });
    expect(chains.networks.ethereum?.chainId).toBe(31337);
    expect(chains.networks.ethereum?.tokens[0]).toEqual({
      currency: 'USDT',
      contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      decimals: 18,
    });
    expect(chains.lateWindowMs).toBe(0);
    expect(chains.pollMs).toBe(200);
  });

  it('names every bad key and never echoes a value', () => {
    const secret = 'http://user:hunter2@node.example/';
    const problems = problemsOf({
      CHAIN_BITCOIN_RPC_URL: 'ftp://nope',
      CHAIN_BITCOIN_NETWORK: 'signet',
      CHAIN_POLYGON_CHAIN_ID: '-1',
      CHAIN_TRON_USDT_CONTRACT: 'not-a-contract',
      CHAIN_SOLANA_CONFIRMATIONS: '0',
      CHAIN_ETHEREUM_RPC_URL: secret.replace('http', 'gopher'),
    });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'CHAIN_BITCOIN_NETWORK',
      'CHAIN_BITCOIN_RPC_URL',
      'CHAIN_ETHEREUM_RPC_URL',
      'CHAIN_POLYGON_CHAIN_ID',
      'CHAIN_SOLANA_CONFIRMATIONS',
      'CHAIN_TRON_USDT_CONTRACT',
    ]);
    expect(problems.join('\n')).not.toContain('hunter2');
  });
});
