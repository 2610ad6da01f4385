import { BILLING_CURRENCY, compareDecimal, isDecimal, multiply, subtract } from '@parley/shared';

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, currency: string, min: number, max: number): Intl.NumberFormat {
  const key = `${locale}|${currency}|${min}|${max}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: min,
      maximumFractionDigits: max,
    });
    formatters.set(key, f);
  }
  return f;
}

/** "£" and "$": some languages' own symbols say "UK£" and "US$" even when narrow (Arabic). */
function narrowSymbol(currency: string): string | undefined {
  return formatter('en', currency, 0, 0)
    .formatToParts(0)
    .find((p) => p.type === 'currency')?.value;
}

/**
 * Formats a decimal string in its own currency for display. The string is the exact
 * amount; it is only turned into a number here, for the formatter, never for arithmetic.
 */
export function formatMoney(
  amount: string,
  currency: string,
  locale: string,
  maxDecimals = 2,
): string {
  const decimals = amount.split('.')[1]?.length ?? 0;
  const min = Math.min(Math.max(decimals, 2), maxDecimals);
  const symbol = narrowSymbol(currency);
  return formatter(locale, currency, min, maxDecimals)
    .formatToParts(Number(amount))
    .map((p) => (p.type === 'currency' && symbol ? symbol : p.value))
    .join('');
}

/** A ledger amount with its sign always shown: "+£12.34" for a credit, "-£7.50" for a debit. */
export function formatSignedMoney(
  amount: string,
  currency: string,
  locale: string,
  maxDecimals = 2,
): string {
  const text = formatMoney(amount, currency, locale, maxDecimals);
  return amount.trim().startsWith('-') ? text : `+${text}`;
}

/**
 * The balance as a person reads it: pounds with two decimals, rounded down (a floor, so a
 * debt rounds away from zero) so it never shows money that is not there. The exact balance
 * keeps four decimals; fractions of a penny are shown only where they matter (formatRate).
 */
export function formatBalance(amount: string, locale: string): string {
  const value = amount.trim() || '0';
  if (!isDecimal(value)) return formatMoney(value, BILLING_CURRENCY, locale);
  let pence = multiply(value, '1', 2, 'down');
  if (compareDecimal(value, pence) < 0) pence = subtract(pence, '0.01', 2);
  return formatMoney(pence, BILLING_CURRENCY, locale, 2);
}

/**
 * A per-unit price or rate (per SMS, per minute, per second) or a usage cost, where
 * fractions of a penny matter: at least two decimals and up to four, as written.
 */
export function formatRate(amount: string, currency: string, locale: string): string {
  return formatMoney(amount, currency, locale, 4);
}
