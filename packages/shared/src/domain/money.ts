/**
 * Exact decimal arithmetic on strings through bigint, for money and exchange rates.
 * Amounts never become JavaScript numbers; every rounding is explicit.
 */

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
