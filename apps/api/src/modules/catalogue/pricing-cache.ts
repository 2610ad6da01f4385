import type { CountryPricing } from '@parley/shared';
import type { EventBus } from '../../lib/event-bus.js';
import { shortCache } from '../../lib/short-cache.js';

/** Without a change event (a missed one), prices still reach sends and calls within this. */
export const PRICING_CACHE_MS = 5000;

/**
 * The active country prices for the SMS send path, which reads all of them on every
 * message: read once and kept until the catalogue changes. `catalogue.changed` is
 * published on the stored bus, so every instance drops its copy.
 */
export function cachedCountryPricing(
  load: () => Promise<CountryPricing[]>,
  events: EventBus,
  ttlMs = PRICING_CACHE_MS,
) {
  const cache = shortCache(ttlMs, () => load());
  const stop = events.subscribe((event) => {
    if (event.type === 'catalogue.changed') cache.clear();
  });
  return { get: () => cache.get(), stop };
}
