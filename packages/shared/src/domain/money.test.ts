import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  add,
  columnMax,
  compareDecimal,
  DECIMAL_COLUMNS,
  decimalBoundProblem,
  divide,
  fitsColumn,
  fromUnits,
  minDecimal,
  moneyText,
  multiply,
  subtract,
  toUnits,
  trimDecimal,
} from './money.js';

describe('compareDecimal', () => {
  it.each([
    ['25.00', '25', 0],
    ['9.50', '10.00', -1],
    ['100.00', '99.99', 1],
    ['0.0123', '0.012', 1],
    ['007.1', '7.10', 0],
    ['0', '0.00', 0],
    ['12345678901234567890.01', '12345678901234567890.1', -1],
    ['-1.5', '1', -1],
  ] as const)('%s vs %s is %i', (a, b, expected) => {
    expect(compareDecimal(a, b)).toBe(expected);
    expect(compareDecimal(b, a)).toBe(-expected || 0);
  });
});

describe('minDecimal', () => {
  it('finds the smallest exactly, or null for none', () => {
    expect(minDecimal(['150.00', '25.00', '75.00', '25.0'])).toBe('25.00');
    expect(minDecimal(['0.30000000000000001', '0.3'])).toBe('0.3');
    expect(minDecimal([])).toBeNull();
  });
});

describe('toUnits / fromUnits', () => {
  it('round-trips exactly and refuses more decimals than the scale', () => {
    expect(toUnits('12.3', 2)).toBe(1230n);
    expect(toUnits('-0.05', 2)).toBe(-5n);
    expect(toUnits('7.100', 2)).toBe(710n);
    expect(fromUnits(1230n, 2)).toBe('12.30');
    expect(fromUnits(-5n, 2)).toBe('-0.05');
    expect(fromUnits(5n, 0)).toBe('5');
    expect(() => toUnits('0.001', 2)).toThrow(RangeError);
    expect(() => toUnits('1e3', 2)).toThrow(RangeError);
    expect(() => toUnits('', 2)).toThrow(RangeError);
  });

  it('round-trips any amount', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.nat(18),
        (units, scale) => {
          expect(toUnits(fromUnits(units, scale), scale)).toBe(units);
        },
      ),
    );
  });
});

describe('multiply and divide', () => {
  it.each([
    ['100.00', '0.79', 2, 'half-up', '79.00'],
    ['0.005', '1', 2, 'half-up', '0.01'],
    ['0.005', '1', 2, 'down', '0.00'],
    ['0.001', '1', 2, 'up', '0.01'],
    ['-0.005', '1', 2, 'half-up', '-0.01'],
    ['123.45', '0.000012345678', 8, 'half-up', '0.00152407'],
  ] as const)('%s × %s to %i (%s) = %s', (a, b, scale, rounding, expected) => {
    expect(multiply(a, b, scale, rounding)).toBe(expected);
  });

  it.each([
    ['100.00', '65000.12', 8, 'up', '0.00153846'],
    ['1', '3', 4, 'half-up', '0.3333'],
    ['2', '3', 4, 'half-up', '0.6667'],
    ['2', '3', 4, 'down', '0.6666'],
    ['10', '0.5', 2, 'down', '20.00'],
  ] as const)('%s ÷ %s to %i (%s) = %s', (a, b, scale, rounding, expected) => {
    expect(divide(a, b, scale, rounding)).toBe(expected);
  });

  it('refuses to divide by zero or a negative rate', () => {
    expect(() => divide('1', '0', 2, 'down')).toThrow(RangeError);
    expect(() => divide('1', '-2', 2, 'down')).toThrow(RangeError);
  });

  it('rounds down, then up, around the exact quotient', () => {
    const amount = fc.bigInt({ min: 0n, max: 10n ** 12n }).map((u) => fromUnits(u, 2));
    const rate = fc.bigInt({ min: 1n, max: 10n ** 12n }).map((u) => fromUnits(u, 6));
    fc.assert(
      fc.property(amount, rate, (a, r) => {
        const down = toUnits(divide(a, r, 8, 'down'), 8);
        const up = toUnits(divide(a, r, 8, 'up'), 8);
        expect(up - down === 0n || up - down === 1n).toBe(true);
        // down × rate ≤ amount ≤ up × rate, exactly.
        expect(compareDecimal(multiply(fromUnits(down, 8), r, 14, 'down'), a)).toBeLessThanOrEqual(
          0,
        );
        expect(compareDecimal(multiply(fromUnits(up, 8), r, 14, 'down'), a)).toBeGreaterThanOrEqual(
          0,
        );
      }),
    );
  });

  it('adds and subtracts at a fixed scale', () => {
    expect(add('0.10', '0.20', 2)).toBe('0.30');
    expect(subtract('5.00', '7.25', 2)).toBe('-2.25');
  });
});

describe('trimDecimal', () => {
  it.each([
    ['0.001500', '0.0015'],
    ['300.000000000000000000', '300'],
    ['300', '300'],
    ['100', '100'],
    ['0.000', '0'],
    ['-2.50', '-2.5'],
  ])('%s → %s', (input, output) => expect(trimDecimal(input)).toBe(output));
});

describe('moneyText', () => {
  it.each([
    ['118.5000', '118.50'],
    ['0.0000', '0.00'],
    ['0.0062', '0.0062'],
    ['12', '12.00'],
    ['-3.1200', '-3.12'],
  ])('%s → %s', (input, output) => expect(moneyText(input)).toBe(output));
});

describe('decimal columns and their bounds', () => {
  it('knows the largest value each column holds', () => {
    expect(columnMax(DECIMAL_COLUMNS.money)).toBe('999999999999999999.99');
    expect(columnMax(DECIMAL_COLUMNS.balance)).toBe('9999999999999999.9999');
    expect(columnMax(DECIMAL_COLUMNS.fine)).toBe(`${'9'.repeat(20)}.${'9'.repeat(18)}`);
    expect(columnMax(DECIMAL_COLUMNS.unitPrice)).toBe('99999999.9999');
    expect(columnMax({ precision: 3, scale: 0 })).toBe('999');
  });

  it.each([
    ['999999999999999999.99', true],
    ['99999999999999999999.99', false],
    ['0001.10', true],
    ['1.001', false],
    ['1.00100', false],
    ['1.0000', true],
    ['-1', false],
    ['1e3', false],
  ] as const)('numeric(20,2) holds %s: %s', (value, fits) => {
    expect(fitsColumn(value, DECIMAL_COLUMNS.money)).toBe(fits);
  });

  it('answers TOO_BIG past the column or the maximum, TOO_SMALL below the minimum', () => {
    const amount = { column: DECIMAL_COLUMNS.money, min: '0.01' };
    expect(decimalBoundProblem('99999999999999999999.99', amount)).toEqual({
      code: 'TOO_BIG',
      params: { maximum: '999999999999999999.99' },
    });
    expect(decimalBoundProblem('999999999999999999.99', amount)).toBeNull();
    expect(decimalBoundProblem(' 0.00 ', amount)).toEqual({
      code: 'TOO_SMALL',
      params: { minimum: '0.01' },
    });
    expect(decimalBoundProblem('0.01', amount)).toBeNull();
    const rate = { column: DECIMAL_COLUMNS.fine, min: '0.00000001', max: '100000000' };
    expect(decimalBoundProblem('0.000000000000000001', rate)?.code).toBe('TOO_SMALL');
    expect(decimalBoundProblem('100000000.000000000000000001', rate)).toEqual({
      code: 'TOO_BIG',
      params: { maximum: '100000000' },
    });
    // Leading zeros are not digits; a thousand digits cost nothing to refuse.
    expect(decimalBoundProblem(`000${'1'.repeat(18)}`, amount)).toBeNull();
    expect(decimalBoundProblem('9'.repeat(1000), amount)?.code).toBe('TOO_BIG');
    // The format is the caller's rule.
    expect(decimalBoundProblem('abc', amount)).toBeNull();
  });

  it('never lets through a value its column cannot hold (property)', () => {
    const column = DECIMAL_COLUMNS.unitPrice;
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 14n }), fc.nat(6), (units, scale) => {
        const value = fromUnits(units, scale);
        const refused = decimalBoundProblem(value, { column }) !== null;
        expect(refused).toBe(compareDecimal(value, columnMax(column)) > 0);
        if (!refused && scale <= column.scale) expect(fitsColumn(value, column)).toBe(true);
      }),
    );
  });
});
