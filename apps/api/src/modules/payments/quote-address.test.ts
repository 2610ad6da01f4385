import { keyFamilyOf } from '@parley/shared';
import { isValidAddress } from '@parley/shared/chains';
import { describe, expect, it } from 'vitest';
import type { ChainNetworkConfig, ChainsConfig } from '../../config/chains-config.js';
import { createQuoteAddresses } from './quote-address.js';

const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

const net = (network: ChainNetworkConfig['network'], over: Partial<ChainNetworkConfig> = {}) => ({
  network,
  rpcUrl: 'http://127.0.0.1:9/',
  confirmations: 2,
  chainId: null,
  chain: 'mainnet' as const,
  genesis: null,
  tokens: [],
  ...over,
});

function setUp(networks: ChainsConfig['networks'], keys: Record<string, string> = {}) {
  let reads = 0;
  const unusable: string[] = [];
  const addresses = createQuoteAddresses({
    networks,
    repo: {
      async activeKey(family) {
        reads++;
        const key = keys[family];
        return key ? { id: `k-${family}`, extendedKey: key, chain: 'mainnet' } : undefined;
      },
      async activeFamilies() {
        return Object.keys(keys);
      },
    },
    onUnusableKey: (id, code) => unusable.push(`${id}:${code}`),
  });
  return { addresses, unusable, reads: () => reads };
}

describe('quote addresses', () => {
  it('maps networks to key families (EVM chains share one)', () => {
    expect(keyFamilyOf('bsc')).toBe('evm');
    expect(keyFamilyOf('polygon')).toBe('evm');
    expect(keyFamilyOf('tron')).toBe('tron');
    expect(keyFamilyOf('solana')).toBeNull();
  });

  it("derives the key's receive addresses for a watched network with a key", async () => {
    const { addresses } = setUp({ bitcoin: net('bitcoin') }, { bitcoin: ZPUB });
    const place = await addresses.placeFor('bitcoin', 'BTC');
    expect(place?.keyId).toBe('k-bitcoin');
    expect(place?.address(0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(place?.address(1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
    // Past the last BIP32 index there is no address: the caller gives up.
    expect(place?.address(2 ** 31)).toBeNull();
    expect(addresses.confirmations('bitcoin')).toBe(2);
  });

  it('leaves a network to its fixed wallet without a watcher or without a key', async () => {
    expect(await setUp({}, { bitcoin: ZPUB }).addresses.placeFor('bitcoin', 'BTC')).toBeNull();
    expect(
      await setUp({ bitcoin: net('bitcoin') }).addresses.placeFor('bitcoin', 'BTC'),
    ).toBeNull();
    expect(setUp({}).addresses.confirmations('bitcoin')).toBeNull();
  });

  it('watches a token only when the watcher reads its contract', async () => {
    const usdt = { currency: 'USDT' as const, contract: `0x${'1'.repeat(40)}`, decimals: 6 };
    const { addresses } = setUp(
      { ethereum: net('ethereum', { tokens: [usdt] }) },
      { evm: 'not-a-key' },
    );
    expect(await addresses.watchedCoins()).toEqual([
      { currency: 'ETH', network: 'ethereum' },
      { currency: 'USDT', network: 'ethereum' },
    ]);
  });

  it('parses a key once, and a key it cannot read leaves the fixed wallet paying', async () => {
    const good = setUp({ bitcoin: net('bitcoin') }, { bitcoin: ZPUB });
    const first = await good.addresses.placeFor('bitcoin', 'BTC');
    const second = await good.addresses.placeFor('bitcoin', 'BTC');
    expect(first?.address(5)).toBe(second?.address(5));
    const bad = setUp({ bitcoin: net('bitcoin') }, { bitcoin: 'not-a-key' });
    expect(await bad.addresses.placeFor('bitcoin', 'BTC')).toBeNull();
    expect(await bad.addresses.placeFor('bitcoin', 'BTC')).toBeNull();
    // Told once, by code: the parsed result (a refusal) is kept too.
    expect(bad.unusable).toEqual(['k-bitcoin:WATCH_KEY_INVALID']);
  });

  it('gives a SOL quote a fresh Solana Pay reference only when Solana is watched', async () => {
    const watched = setUp({ solana: net('solana') }).addresses;
    const a = watched.referenceFor('solana', 'SOL');
    const b = watched.referenceFor('solana', 'SOL');
    expect(a && isValidAddress('solana', a)).toBe(true);
    expect(a).not.toBe(b);
    // Another network or no Solana node: the quote stays as it was (derived or manual).
    expect(watched.referenceFor('bitcoin', 'BTC')).toBeNull();
    expect(setUp({}).addresses.referenceFor('solana', 'SOL')).toBeNull();
    // Solana has no watch key: its quotes still pay the fixed wallet.
    expect(
      setUp({ solana: net('solana') }).addresses.placeFor('solana', 'SOL'),
    ).resolves.toBeNull();
  });
});
