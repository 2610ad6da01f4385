import type { CountryPricing } from '@parley/shared';
import { describe, expect, it } from 'vitest';
import { createEventBus } from '../../lib/event-bus.js';
import { shortCache } from '../../lib/short-cache.js';
import { cachedCountryPricing, createPriceCaches } from './pricing-cache.js';

describe('cached country pricing', () => {
  it('reads once, then again when the catalogue changes or the group is cleared', async () => {
    const events = createEventBus();
    const caches = createPriceCaches(events);
    let reads = 0;
    const pricing = cachedCountryPricing(async () => {
      reads++;
      return [] as CountryPricing[];
    }, caches);
    await Promise.all([pricing.get(), pricing.get()]);
    await pricing.get();
    expect(reads).toBe(1);
    events.publish({ type: 'user.created', data: { id: 'u1', email: 'a@example.com' } });
    await pricing.get();
    expect(reads).toBe(1);
    events.publish({
      type: 'catalogue.changed',
      data: { entity: 'country-pricing', action: 'updated', id: '1' },
    });
    await pricing.get();
    expect(reads).toBe(2);
    // The instance that made a change clears the group itself, without the bus.
    caches.clear();
    await pricing.get();
    expect(reads).toBe(3);
    caches.stop();
  });

  it('clears every cache of the group together', async () => {
    const caches = createPriceCaches(createEventBus());
    let loads = 0;
    const a = caches.add(shortCache(60_000, async () => ++loads));
    const b = caches.add(shortCache(60_000, async (k) => `${k}:${++loads}`));
    expect([await a.get(), await b.get('USD')]).toEqual([1, 'USD:2']);
    expect([await a.get(), await b.get('USD')]).toEqual([1, 'USD:2']);
    caches.clear();
    expect([await a.get(), await b.get('USD')]).toEqual([3, 'USD:4']);
    caches.stop();
  });
});
