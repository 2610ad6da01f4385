import { describe, expect, it } from 'vitest';
import {
  canonicalTxHash,
  firstFreeAmount,
  isTxHashFormat,
  largestQuotableAmount,
} from './crypto.js';

describe('canonicalTxHash', () => {
  it('lower-cases hex hashes (EVM keeps its 0x) and leaves base58 as it is', () => {
    const hex = `${'AbC0'.repeat(16)}`;
    expect(canonicalTxHash('bitcoin', hex)).toBe('abc0'.repeat(16));
    expect(canonicalTxHash('tron', hex.toUpperCase())).toBe('abc0'.repeat(16));
    expect(canonicalTxHash('ethereum', `0x${hex}`)).toBe(`0x${'abc0'.repeat(16)}`);
    const sig = `5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQU${'W'}`;
    expect(isTxHashFormat('solana', sig)).toBe(true);
    expect(canonicalTxHash('solana', sig)).toBe(sig);
  });
});

describe('firstFreeAmount', () => {
  it('keeps the amount when it is free, else adds one unit of the last decimal at a time', () => {
    expect(firstFreeAmount('0.00157895', [], 8)).toBe('0.00157895');
    expect(firstFreeAmount('0.00157895', ['0.001578950000000000'], 8)).toBe('0.00157896');
    expect(
      firstFreeAmount('0.00157895', ['0.00157895', '0.00157896', '0.00157898', '0.1'], 8),
    ).toBe('0.00157897');
    expect(firstFreeAmount('300.000000', ['300', '300.000001'], 6)).toBe('300.000002');
  });
});

describe('largestQuotableAmount', () => {
  it('is the fiat column at ordinary rates', () => {
    expect(largestQuotableAmount('95000', '0.79')).toBe('999999999999999999.99');
  });
  it('shrinks so the crypto amount fits numeric(38,18) at a tiny rate', () => {
    // 19 nines of coins at 10^-8 a coin.
    expect(largestQuotableAmount('0.00000001', '1')).toBe('99999999999.99');
  });
  it('shrinks so the credit fits numeric(20,2) at a large credit rate', () => {
    expect(largestQuotableAmount('95000', '100000000')).toBe('9999999999.99');
  });
});
