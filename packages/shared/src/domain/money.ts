/**
 * Exact decimal arithmetic on strings through bigint, for money and exchange rates.
 * Amounts never become JavaScript numbers; every rounding is explicit.
 */
import type { FieldProblem } from './field-codes.js';

const DECIMAL = /^-?\d+(\.\d+)?$/;

export type Rounding = 'down' | 'half-up' | 'up';

export function isDecimal(value: string): boolean {
  return DECIMAL.test(value);
}

/** The value as an integer count of 10^-scale units; more decimals than scale throw. */
export function toUnits(value: string, scale: number): bigint {
  if (!DECIMAL.test(value)) throw new RangeError(`Not a decimal: ${value}`);
  const negative = value.startsWith('-');
  const [int = '0', frac = ''] = (negative ? value.slice(1) : value).split('.');
  const trimmed = frac.replace(/0+$/, '');
  if (trimmed.length > scale) throw new RangeError(`${value} has more than ${scale} decimals`);
  const units = BigInt(int + frac.padEnd(scale, '0').slice(0, scale));
  return negative ? -units : units;
}

/** Units of 10^-scale back to a decimal string with exactly `scale` decimals. */
export function fromUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${int}${scale > 0 ? `.${frac}` : ''}`;
}

/** The number of decimals a decimal string is written with. */
function scaleOf(value: string): number {
  return value.split('.')[1]?.length ?? 0;
}

/** numerator / denominator rounded to an integer; the denominator is positive. */
function divRound(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  let q = n / denominator;
  const r = n % denominator;
  if (r !== 0n) {
    // Rounding is about magnitude; "down" truncates toward zero.
    if (rounding === 'up' || (rounding === 'half-up' && r * 2n >= denominator)) q += 1n;
  }
  return negative ? -q : q;
}

/** a × b, rounded to `scale` decimals. */
export function multiply(a: string, b: string, scale: number, rounding: Rounding): string {
  const sa = scaleOf(a);
  const sb = scaleOf(b);
  const product = toUnits(a, sa) * toUnits(b, sb);
  const shift = sa + sb - scale;
  if (shift <= 0) return fromUnits(product * 10n ** BigInt(-shift), scale);
  return fromUnits(divRound(product, 10n ** BigInt(shift), rounding), scale);
}

/** a ÷ b (b > 0), rounded to `scale` decimals. */
export function divide(a: string, b: string, scale: number, rounding: Rounding): string {
  const sa = scaleOf(a);
  const sb = scaleOf(b);
  const denominator = toUnits(b, sb);
  if (denominator <= 0n) throw new RangeError('Divisor must be positive');
  // a/b = (A/10^sa) / (B/10^sb); scaled by 10^scale: A × 10^(sb + scale) / (B × 10^sa)
  const numerator = toUnits(a, sa) * 10n ** BigInt(sb + scale);
  return fromUnits(divRound(numerator, denominator * 10n ** BigInt(sa), rounding), scale);
}

export function add(a: string, b: string, scale: number): string {
  return fromUnits(toUnits(a, scale) + toUnits(b, scale), scale);
}

export function subtract(a: string, b: string, scale: number): string {
  return fromUnits(toUnits(a, scale) - toUnits(b, scale), scale);
}

/** Orders two decimal strings exactly: -1, 0 or 1. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const scale = Math.max(scaleOf(a), scaleOf(b));
  const x = toUnits(a, scale);
  const y = toUnits(b, scale);
  return x === y ? 0 : x < y ? -1 : 1;
}

/** The smallest of some decimal strings, or null when there are none. */
export function minDecimal(values: readonly string[]): string | null {
  return values.reduce<string | null>(
    (min, v) => (min === null || compareDecimal(v, min) < 0 ? v : min),
    null,
  );
}

/** Drops trailing zeros after the point ("0.001500" → "0.0015", "300.00" → "300"). */
export function trimDecimal(value: string): string {
  if (!value.includes('.')) return value;
  return value.replace(/0+$/, '').replace(/\.$/, '');
}

/** A money amount with at least two decimals and no needless ones: "118.5000" → "118.50", "0.0062" stays. */
export function moneyText(value: string): string {
  const trimmed = trimDecimal(value);
  const [whole, fraction = ''] = trimmed.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

/** A SQL numeric(precision, scale) column: `precision` digits, `scale` of them decimals. */
export interface DecimalColumn {
  readonly precision: number;
  readonly scale: number;
}

/** The columns money is kept in (apps/api/src/db/schema), by what they hold. */
export const DECIMAL_COLUMNS = {
  /** Fiat amounts of payments, quotes and orders: numeric(20,2). */
  money: { precision: 20, scale: 2 },
  /** The balance, its ledger and spending limits: numeric(20,4). */
  balance: { precision: 20, scale: 4 },
  /** Crypto amounts and exchange rates: numeric(38,18). */
  fine: { precision: 38, scale: 18 },
  /** Catalogue prices per unit (an SMS, a minute): numeric(12,4). */
  unitPrice: { precision: 12, scale: 4 },
  /** Catalogue prices (a number, a domain, a DID or trunk a month): numeric(12,2). */
  price: { precision: 12, scale: 2 },
} as const satisfies Record<string, DecimalColumn>;

/**
 * The range an exchange rate may take (1 base = rate quote). Outside it a rate is a
 * typing slip, not a market, and what it converts would not fit its columns: an amount
 * divided by 10^-18 has 18 more integer digits. The rate feed skips prices outside the
 * same range.
 */
export const RATE_MIN = '0.00000001';
export const RATE_MAX = '100000000';

/** The largest value a column holds: "999999999999999999.99" for numeric(20,2). */
export function columnMax(column: DecimalColumn): string {
  const whole = '9'.repeat(column.precision - column.scale) || '0';
  return column.scale > 0 ? `${whole}.${'9'.repeat(column.scale)}` : whole;
}

/**
 * Whether a non-negative decimal string fits a column as it is: no more integer digits
 * than the column has room for, and no decimal it would round away.
 */
export function fitsColumn(value: string, column: DecimalColumn): boolean {
  if (!/^\d+(\.\d+)?$/.test(value)) return false;
  const [int = '', frac = ''] = value.split('.');
  return (
    int.replace(/^0+/, '').length <= column.precision - column.scale &&
    frac.replace(/0+$/, '').length <= column.scale
  );
}

/** Where a decimal input must lie: within its column, and at least `min` when given. */
export interface DecimalBound {
  column: DecimalColumn;
  /** The smallest accepted value; give one wherever 0 means nothing (an amount, a rate). */
  min?: string;
  /** The largest accepted value, when less than the column holds. */
  max?: string;
}

/**
 * What is wrong with a decimal input's size: TOO_BIG (with the largest accepted value)
 * past the column or `max`, TOO_SMALL (with the smallest) below `min`. A value that is
 * not a plain non-negative decimal is left to the caller's format rule (null here).
 */
export function decimalBoundProblem(raw: string, bound: DecimalBound): FieldProblem | null {
  const value = raw.trim();
  if (!/^\d+(\.\d+)?$/.test(value)) return null;
  const maximum = bound.max ?? columnMax(bound.column);
  // The integer digits are counted before anything is parsed: a thousand-digit input
  // costs no big arithmetic.
  const digits = (value.split('.')[0] ?? '').replace(/^0+/, '').length;
  if (digits > bound.column.precision - bound.column.scale || compareDecimal(value, maximum) > 0)
    return { code: 'TOO_BIG', params: { maximum } };
  if (bound.min !== undefined && compareDecimal(value, bound.min) < 0)
    return { code: 'TOO_SMALL', params: { minimum: bound.min } };
  return null;
}
