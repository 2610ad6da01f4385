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
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: Math.min(Math.max(decimals, 2), maxDecimals),
    maximumFractionDigits: maxDecimals,
  }).format(Number(amount));
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
