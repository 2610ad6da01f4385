import type { CountryPricing } from '@parley/shared';
import type { EventBus } from '../../lib/event-bus.js';
import { type CacheGroup, cacheGroup, shortCache } from '../../lib/short-cache.js';

/** Without a change event (a missed one), prices still reach sends and calls within this. */
export const PRICING_CACHE_MS = 5000;

/**
 * This instance's caches of prices and exchange rates (the SMS and call paths read them
 * on every message and call). An admin's change clears them on the instance that made
 * it before it answers (catalogue-admin.service.ts, rates.service.ts); on the others
 * `catalogue.changed`, published on the stored bus, clears them when it arrives, and a
 * rate change (no event) or a missed event shows within the caches' lifetime.
 */
export function createPriceCaches(events: EventBus): CacheGroup & { stop(): void } {
  const group = cacheGroup();
  const stop = events.subscribe((event) => {
    if (event.type === 'catalogue.changed') group.clear();
  });
  return { ...group, stop };
}

/**
 * The active country prices for the SMS send path, which reads all of them on every
 * message: read once and kept until the group is cleared or `ttlMs` passes.
 */
export function cachedCountryPricing(
  load: () => Promise<CountryPricing[]>,
  caches: Pick<CacheGroup, 'add'>,
  ttlMs = PRICING_CACHE_MS,
) {
  const cache = caches.add(shortCache(ttlMs, () => load()));
  return { get: () => cache.get() };
}
