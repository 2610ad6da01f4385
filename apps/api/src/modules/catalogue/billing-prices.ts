import { BILLING_CURRENCY, multiply } from '@parley/shared';
import { AppError } from '../../lib/app-error.js';

/** The one thing the catalogue needs of the exchange rates: how many GBP one unit is worth. */
export interface BillingRates {
  rate(from: string, to: string): Promise<string>;
}

/** A price in its own currency to GBP today, or null when there is no fresh rate. */
export type InBilling = (price: string, currency: string) => string | null;

/**
 * Reads today's rate once for each currency in a list, and converts each price as a
 * purchase does (orders.service `inBilling`: to the penny, half up), so the GBP amount a
 * list shows is the one the balance is charged. A missing or out-of-date rate gives null:
 * the list then shows the price without a GBP amount, never a wrong one, and still answers.
 */
export async function inBillingFor(
  rates: BillingRates,
  currencies: readonly string[],
): Promise<InBilling> {
  const known = new Map<string, string | null>([[BILLING_CURRENCY, '1']]);
  for (const currency of new Set(currencies)) {
    if (known.has(currency)) continue;
    try {
      known.set(currency, await rates.rate(currency, BILLING_CURRENCY));
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'RATE_UNAVAILABLE') throw err;
      known.set(currency, null);
    }
  }
  return (price, currency) => {
    if (currency === BILLING_CURRENCY) return price;
    const rate = known.get(currency);
    return rate ? multiply(price, rate, 2, 'half-up') : null;
  };
}
