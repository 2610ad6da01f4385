/** Amounts as the pages show them, computed exactly from the API's decimal strings. */

/** A decimal string in units of 0.0001, for exact arithmetic. */
export const units = (amount: string) => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, '0').slice(0, 4));
};

export const decimal = (u: bigint) => `${u / 10_000n}.${String(u % 10_000n).padStart(4, '0')}`;

/** As the page shows an amount in pounds: 2 to 4 decimals, exact. */
export const pounds = (amount: string) => {
  const decimals = Math.min(Math.max(amount.replace(/0+$/, '').split('.')[1]?.length ?? 0, 2), 4);
  return new Intl.NumberFormat('en', {
    style: 'currency',
    currency: 'GBP',
    minimumFractionDigits: decimals,
    maximumFractionDigits: 4,
  }).format(Number(amount));
};

/** As the page shows a balance: pounds to the penny, rounded down. */
export const balancePounds = (amount: string) =>
  pounds(decimal((units(amount) / 100n) * 100n).slice(0, -2));
