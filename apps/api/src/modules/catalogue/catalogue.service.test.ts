import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import type { CatalogueRepo } from './catalogue.repo.js';
import { createCatalogueService } from './catalogue.service.js';

const GB_PRICE = {
  id: 'gb',
  countryName: 'United Kingdom',
  countryCode: 'GB',
  region: 'Europe',
  smsPrice: '0.0400',
  voipPrice: '0.0150',
  didPrice: '1.00',
  sipTrunkPrice: '0.0100',
  currency: 'USD',
  isActive: true,
};
const pkg = (currency: string) => ({
  pkg: {
    id: `p-${currency}`,
    serviceId: 's1',
    name: 'Starter',
    description: 'Calls',
    price: '10.00',
    currency,
    billingPeriod: 'monthly',
    features: ['100 minutes'],
    isPopular: false,
    isAddon: false,
    isActive: true,
    translations: { fr: { name: 'Débutant' } },
  },
  serviceSlug: 'voip',
});

/** The service over a fake repo that logs which rows it was asked for, and fake rates. */
function setUp(rates: Record<string, string | 'missing' | 'broken'> = {}) {
  const asked: string[] = [];
  const repo = {
    async listServices(onlyActive: boolean) {
      asked.push(`services active=${onlyActive}`);
      return [];
    },
    async listPackages(opts: { onlyActive: boolean }) {
      asked.push(`packages active=${opts.onlyActive}`);
      return [pkg('USD'), pkg('EUR'), pkg('GBP')];
    },
    async listCountryPricing(onlyActive: boolean) {
      asked.push(`prices active=${onlyActive}`);
      return [GB_PRICE];
    },
  };
  const service = createCatalogueService({
    repo: repo as unknown as CatalogueRepo,
    rates: {
      async rate(from: string) {
        const r = rates[from] ?? 'missing';
        if (r === 'missing') throw new AppError('RATE_UNAVAILABLE', 'no rate');
        if (r === 'broken') throw new Error('feed down');
        return r;
      },
    },
  });
  return { service, asked };
}

describe('the catalogue customers read', () => {
  it('shows customers only active items, admins every one', async () => {
    const t = setUp();
    await t.service.services();
    await t.service.packages({});
    await t.service.countryPricing({ admin: false });
    await t.service.adminServices();
    await t.service.adminPackages();
    await t.service.countryPricing({ admin: true });
    expect(t.asked).toEqual([
      'services active=true',
      'packages active=true',
      'prices active=true',
      'services active=false',
      'packages active=false',
      'prices active=false',
    ]);
  });

  it('prices each package in GBP at today’s rate, or null without a fresh rate', async () => {
    const t = setUp({ USD: '0.79' });
    const list = await t.service.packages({ lang: 'fr' });
    expect(list.map((p) => [p.currency, p.balancePrice])).toEqual([
      ['USD', '7.90'],
      ['EUR', null],
      ['GBP', '10.00'],
    ]);
    expect(list[0]?.name).toBe('Débutant');
    expect(list[0]?.description).toBe('Calls');
  });

  it('does not hide a rate feed that failed for another reason', async () => {
    await expect(setUp({ USD: 'broken' }).service.packages({})).rejects.toThrow('feed down');
  });
});

describe('a destination', () => {
  it('is read with or without its +, against active prices only', async () => {
    const t = setUp();
    const found = await t.service.destination('447400123456');
    expect(found).toMatchObject({ country: 'GB', e164: '+447400123456' });
    expect(found.pricing.id).toBe('gb');
    expect(t.asked).toEqual(['prices active=true']);
  });

  it('refuses a number that is not one, and a country Parley does not serve', async () => {
    const t = setUp();
    const code = (n: string) => t.service.destination(n).catch((e: AppError) => e.code);
    expect(await code('+44123')).toBe('INVALID_NUMBER');
    expect(await code('+33612345678')).toBe('DESTINATION_NOT_SUPPORTED');
  });
});
