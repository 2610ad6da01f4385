import { sha256 } from '@noble/hashes/sha2.js';
import { bech32, createBase58check } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { isValidAddress, normalizeAddress, toChecksumAddress } from './addresses.js';

const b58c = createBase58check(sha256);
const legacy = (version: number) =>
  b58c.encode(Uint8Array.from([version, ...new Uint8Array(20).fill(7)]));

describe('isValidAddress', () => {
  it.each([
    ['bitcoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['bitcoin', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    ['bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ['bitcoin', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'],
    ['bitcoin', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4'],
    ['litecoin', legacy(0x30)],
    ['litecoin', legacy(0x32)],
    ['litecoin', bech32.encode('ltc', [0, ...bech32.toWords(new Uint8Array(20).fill(9))])],
    ['ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['bsc', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'],
    ['polygon', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB'],
    ['ethereum', '0xd1220a0cf47c7b9be7a2e6ba89f429762e7b9adb'],
    ['tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['solana', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'],
    ['solana', '11111111111111111111111111111111'],
  ] as const)('accepts a %s address %s', (network, address) => {
    expect(isValidAddress(network, address)).toBe(true);
  });

  it.each([
    ['bitcoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', 'one character off'],
    ['bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdp', 'bad bech32 checksum'],
    ['bitcoin', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'testnet'],
    ['bitcoin', 'bc1QW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'mixed case'],
    ['bitcoin', legacy(0x30), 'a Litecoin address'],
    ['litecoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'a Bitcoin address'],
    ['ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', 'a wrong EIP-55 checksum'],
    ['ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA', 'too short'],
    ['bsc', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'no 0x'],
    ['tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'bad checksum'],
    ['tron', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'not a T address'],
    ['solana', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZw', 'not 32 bytes'],
    ['solana', '0OIl1111111111111111111111111111', 'not base58'],
    ['ethereum', '', 'empty'],
  ] as const)('refuses %s %s (%s)', (network, address, _reason) => {
    expect(isValidAddress(network, address)).toBe(false);
  });
});

describe('EIP-55', () => {
  it('gives the checksummed form of the specification examples', () => {
    for (const a of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ])
      expect(toChecksumAddress(a.toLowerCase())).toBe(a);
  });

  it('stores EVM addresses checksummed and bech32 in lower case', () => {
    expect(normalizeAddress('ethereum', '0xd1220a0cf47c7b9be7a2e6ba89f429762e7b9adb')).toBe(
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    );
    expect(normalizeAddress('bitcoin', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    );
  });
});
