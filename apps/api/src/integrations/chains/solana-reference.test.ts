import { isValidAddress } from '@parley/shared/chains';
import { describe, expect, it } from 'vitest';
import { newSolanaReference } from './solana-reference.js';

describe('newSolanaReference', () => {
  it('is a 32-byte base58 key, different every time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newSolanaReference()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(isValidAddress('solana', key)).toBe(true);
  });
});
