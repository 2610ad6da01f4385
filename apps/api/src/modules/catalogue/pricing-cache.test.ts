import type { CountryPricing } from '@parley/shared';
import { describe, expect, it } from 'vitest';
import { createEventBus } from '../../lib/event-bus.js';
import { cachedCountryPricing } from './pricing-cache.js';

describe('cached country pricing', () => {
  it('reads once, then again only when the catalogue changes', async () => {
    const events = createEventBus();
    let reads = 0;
    const pricing = cachedCountryPricing(async () => {
      reads++;
      return [] as CountryPricing[];
    }, events);
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
    pricing.stop();
  });
});
