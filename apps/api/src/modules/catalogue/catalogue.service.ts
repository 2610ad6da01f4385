import type {
  CountryPricing,
  Destination,
  DidNumber,
  NumbersPage,
  NumbersQuery,
  Package,
  Service,
  SipDomain,
} from '@parley/shared';
import { destinationFor } from '@parley/shared/phone';
import { AppError } from '../../lib/app-error.js';
import { premiumDestination } from '../../lib/premium-destination.js';
import type { CatalogueRepo } from './catalogue.repo.js';

type Rows<K extends keyof CatalogueRepo> = Awaited<ReturnType<CatalogueRepo[K]>>;

export const toService = (r: Rows<'listServices'>[number]): Service => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
});

export const toPackage = ({ pkg, serviceSlug }: Rows<'listPackages'>[number]): Package => ({
  id: pkg.id,
  serviceId: pkg.serviceId,
  serviceSlug,
  name: pkg.name,
  description: pkg.description,
  price: pkg.price,
  currency: pkg.currency,
  billingPeriod: pkg.billingPeriod,
  features: pkg.features,
  isPopular: pkg.isPopular,
  isAddon: pkg.isAddon,
  isActive: pkg.isActive,
});

export const toCountryPricing = (r: Rows<'listCountryPricing'>[number]): CountryPricing => ({
  id: r.id,
  countryName: r.countryName,
  countryCode: r.countryCode,
  region: r.region,
  smsPrice: r.smsPrice,
  voipPrice: r.voipPrice,
  didPrice: r.didPrice,
  sipTrunkPrice: r.sipTrunkPrice,
  currency: r.currency,
  isActive: r.isActive,
});

export const toSipDomain = (r: Rows<'listSipDomains'>[number]): SipDomain => ({
  id: r.id,
  domain: r.domain,
  price: r.price,
  currency: r.currency,
  isActive: r.isActive,
});

export const toNumber = (r: Rows<'searchNumbers'>['items'][number]): DidNumber => ({
  id: r.id,
  number: r.number,
  countryCode: r.countryCode,
  city: r.city,
  type: r.type as DidNumber['type'],
  monthlyPrice: r.monthlyPrice,
  setupPrice: r.setupPrice,
  currency: r.currency,
  features: r.features,
});

/** Reads of the catalogue: customers see active items, admins see everything. */
export function createCatalogueService(deps: { repo: CatalogueRepo }) {
  const { repo } = deps;
  return {
    async services(opts: { admin: boolean }) {
      return (await repo.listServices(!opts.admin)).map(toService);
    },
    async packages(opts: { admin: boolean; serviceSlug?: string }) {
      return (
        await repo.listPackages({ onlyActive: !opts.admin, serviceSlug: opts.serviceSlug })
      ).map(toPackage);
    },
    /**
     * The country of an international number and its active price row. The number
     * gets a leading + if it lacks one (the spec's pattern makes it optional).
     */
    async destination(number: string): Promise<Destination> {
      const international = number.startsWith('+') ? number : `+${number}`;
      const found = destinationFor(international, await repo.listCountryPricing(true));
      if (found.ok)
        return { country: found.country, e164: found.e164, pricing: toCountryPricing(found.price) };
      if (found.reason === 'invalid-number')
        throw new AppError('INVALID_NUMBER', 'This is not a valid international phone number.');
      if (found.reason === 'premium-rate' || found.reason === 'shared-cost')
        throw premiumDestination(found.reason);
      throw new AppError(
        'DESTINATION_NOT_SUPPORTED',
        `Destination not supported: we do not serve numbers in ${found.country} yet.`,
        undefined,
        { params: { country: found.country ?? '' } },
      );
    },
    async countryPricing(opts: { admin: boolean }) {
      return (await repo.listCountryPricing(!opts.admin)).map(toCountryPricing);
    },
    async sipDomains(opts: { admin: boolean }) {
      return (await repo.listSipDomains(!opts.admin)).map(toSipDomain);
    },
    async numbers(query: NumbersQuery): Promise<NumbersPage> {
      const { items, total } = await repo.searchNumbers(query);
      return { items: items.map(toNumber), total, page: query.page, pageSize: query.pageSize };
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
