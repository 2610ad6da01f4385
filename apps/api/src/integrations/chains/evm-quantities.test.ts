import { describe, expect, it } from 'vitest';
import {
  address,
  quantity,
  smallQuantity,
  topicAddress,
  toQuantity,
  unitsToDecimal,
  word,
} from './evm-quantities.js';
import { ChainNodeError } from './port.js';

const MAX_UINT256 = 2n ** 256n - 1n;

function badAnswer(run: () => unknown) {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(ChainNodeError);
    expect((e as ChainNodeError).code).toBe('CHAIN_BAD_ANSWER');
    return;
  }
  throw new Error('accepted a malformed answer');
}

describe('units to decimals', () => {
  it('writes zero, one wei and the largest uint256 exactly', () => {
    expect(unitsToDecimal(0n, 18)).toBe('0');
    expect(unitsToDecimal(1n, 18)).toBe('0.000000000000000001');
    expect(unitsToDecimal(MAX_UINT256, 6)).toBe(
      '115792089237316195423570985008687907853269984665640564039457584007913129.639935',
    );
    expect(unitsToDecimal(MAX_UINT256, 0)).toBe(MAX_UINT256.toString());
  });

  it('drops needless zeros and keeps the ones that count', () => {
    expect(unitsToDecimal(10n ** 18n, 18)).toBe('1');
    expect(unitsToDecimal(1_500_000_000_000_000_000n, 18)).toBe('1.5');
    expect(unitsToDecimal(12_345_678n, 6)).toBe('12.345678');
    expect(unitsToDecimal(1n, 6)).toBe('0.000001');
    expect(unitsToDecimal(100_000_000n, 6)).toBe('100');
  });
});

describe('hex quantities', () => {
  it('reads them as exact integers', () => {
    expect(quantity('0x0', 'x')).toBe(0n);
    expect(quantity('0x1', 'x')).toBe(1n);
    expect(quantity('0xDE0B6B3A7640000', 'x')).toBe(10n ** 18n);
    expect(quantity(`0x${'f'.repeat(64)}`, 'x')).toBe(MAX_UINT256);
  });

  it('refuses what is not one, as a bad answer', () => {
    for (const v of ['0x', '12', '0xzz', '0x-1', ' 0x1', `0x1${'0'.repeat(64)}`, 12, null, {}])
      badAnswer(() => quantity(v, 'x'));
  });

  it('keeps heights and indexes within exact JavaScript numbers', () => {
    expect(smallQuantity('0x1fffffffffffff', 'x')).toBe(Number.MAX_SAFE_INTEGER);
    badAnswer(() => smallQuantity('0x20000000000000', 'x'));
  });

  it('writes a height as the node takes it', () => {
    expect(toQuantity(0)).toBe('0x0');
    expect(toQuantity(26)).toBe('0x1a');
    expect(() => toQuantity(-1)).toThrow(RangeError);
    expect(() => toQuantity(1.5)).toThrow(RangeError);
  });
});

describe('hashes and addresses', () => {
  const hash = `0x${'Ab'.repeat(32)}`;

  it('reads 32-byte words and 20-byte addresses in lower case', () => {
    expect(word(hash, 'x')).toBe(hash.toLowerCase());
    expect(address(`0x${'C'.repeat(40)}`, 'x')).toBe(`0x${'c'.repeat(40)}`);
    for (const v of [hash.slice(0, -2), `${hash}00`, 'ab'.repeat(32), null])
      badAnswer(() => word(v, 'x'));
    for (const v of [`0x${'c'.repeat(39)}`, `0x${'g'.repeat(40)}`, undefined])
      badAnswer(() => address(v, 'x'));
  });

  it("takes an indexed address from a topic's last 20 bytes", () => {
    const to = '5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';
    expect(topicAddress(`0x${'0'.repeat(24)}${to}`, 'x')).toBe(`0x${to}`);
    badAnswer(() => topicAddress(`0x${to}`, 'x'));
  });
});
