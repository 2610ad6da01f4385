import { BILLING_CURRENCY, type CountryPricing, ratePerMinuteInGbp } from '@parley/shared';
import { destinationFor } from '@parley/shared/phone';
import { AppError } from '../../lib/app-error.js';
import { premiumDestination } from '../../lib/premium-destination.js';
import { type CacheGroup, shortCache } from '../../lib/short-cache.js';
import type { RatesService } from '../payments/rates.service.js';
import type { CallPrice } from './call-decisions.js';

/** A price or rate change reaches calls on other instances within this at worst. */
export const PRICE_CACHE_MS = 5000;

/** A destination's country, price per minute and its GBP value at the current rate. */
export function createCallPricing(deps: {
  rates: RatesService;
  countryPricing: () => Promise<CountryPricing[]>;
  /** How long prices and rates are reused (they are read on every call's path). */
  cacheMs?: number;
  /** The instance's price caches, cleared together when a price or rate changes. */
  caches?: Pick<CacheGroup, 'add'>;
}) {
  const ttl = deps.cacheMs ?? PRICE_CACHE_MS;
  const keep = <C extends { clear(): void }>(cache: C) => deps.caches?.add(cache) ?? cache;
  const prices = keep(shortCache(ttl, () => deps.countryPricing()));
  const rates = keep(shortCache(ttl, (currency) => deps.rates.rate(currency, BILLING_CURRENCY)));
  return async function priceOf(destination: string): Promise<CallPrice & { e164: string }> {
    const found = destinationFor(destination, await prices.get());
    if (!found.ok && (found.reason === 'premium-rate' || found.reason === 'shared-cost'))
      throw premiumDestination(found.reason);
    if (!found.ok)
      throw found.reason === 'not-supported'
        ? new AppError(
            'DESTINATION_NOT_SUPPORTED',
            `Destination not supported: we do not carry calls to ${found.country} yet.`,
            undefined,
            { params: { country: found.country ?? '' } },
          )
        : new AppError('INVALID_NUMBER', 'Invalid destination format', [
            {
              path: 'body.destination',
              code: 'DESTINATION_INVALID',
              message: 'Invalid destination format',
            },
          ]);
    const currency = found.price.currency;
    const rate = currency === BILLING_CURRENCY ? null : await rates.get(currency);
    return {
      e164: found.e164,
      country: found.country,
      price: found.price.voipPrice,
      priceCurrency: currency,
      rate,
      ratePerMinute: ratePerMinuteInGbp(found.price.voipPrice, rate),
    };
  };
}
export type CallPricing = ReturnType<typeof createCallPricing>;
