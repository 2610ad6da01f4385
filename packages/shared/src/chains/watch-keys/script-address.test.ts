import { describe, expect, it } from 'vitest';
import { addressOfScript } from './script-address.js';

// BIP84's test vector: the first receive address of the account's zpub, its script
// 0014 + hash160 of the public key.
const WPKH = '0014c0cebcd6c3d3ca8c75dc5ec62ebe55330ef910e2';

describe('addressOfScript', () => {
  it('writes a P2WPKH script as the configured chain writes it', () => {
    expect(addressOfScript('bitcoin', 'mainnet', WPKH)).toBe(
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    );
    // The same witness program on regtest and on Litecoin: only the prefix differs.
    expect(addressOfScript('bitcoin', 'regtest', WPKH)).toMatch(
      /^bcrt1qcr8te4kr609gcawutmrza0j4xv80jy8z/,
    );
    expect(addressOfScript('litecoin', 'mainnet', WPKH)).toMatch(
      /^ltc1qcr8te4kr609gcawutmrza0j4xv80jy8z/,
    );
    expect(addressOfScript('litecoin', 'regtest', WPKH)).toBe(
      'rltc1qcr8te4kr609gcawutmrza0j4xv80jy8z8dz7lc',
    );
  });

  it('writes legacy scripts with the chain version bytes', () => {
    // The genesis coinbase key's hash160 (62e907b1…): Bitcoin's famous 1A1zP1eP… address.
    const pkh = '76a91462e907b15cbf27d5425399ebf6f0fb50ebb88f1888ac';
    expect(addressOfScript('bitcoin', 'mainnet', pkh)).toBe('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
    expect(addressOfScript('litecoin', 'mainnet', pkh)?.startsWith('L')).toBe(true);
  });

  it('gives null for scripts without an address and for text that is not a script', () => {
    expect(addressOfScript('bitcoin', 'mainnet', '6a0568656c6c6f')).toBeNull();
    expect(addressOfScript('bitcoin', 'mainnet', 'zz')).toBeNull();
    expect(addressOfScript('bitcoin', 'mainnet', '')).toBeNull();
    expect(addressOfScript('bitcoin', 'mainnet', '0014abcd')).toBeNull();
  });
});
