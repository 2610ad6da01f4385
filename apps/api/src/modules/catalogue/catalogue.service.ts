import {
  type AdminPackage,
  type AdminService,
  type CatalogueTranslations,
  type CountryPricing,
  type Coverage,
  type Destination,
  type DidNumber,
  localizeCatalogueText,
  type NumbersPage,
  type NumbersQuery,
  type Package,
  type Service,
  type SipDomain,
  type SipDomainForSale,
  TRANSLATED_LANGUAGES,
} from '@parley/shared';
import { destinationFor, withPlus } from '@parley/shared/phone';
import { AppError } from '../../lib/app-error.js';
import { premiumDestination } from '../../lib/premium-destination.js';
import { copyWithFields, withFields } from '../../lib/with-fields.js';
import { type BillingRates, type InBilling, inBillingFor } from './billing-prices.js';
import type { CatalogueRepo } from './catalogue.repo.js';

type Rows<K extends keyof CatalogueRepo> = Awaited<ReturnType<CatalogueRepo[K]>>;

/** Only the languages we know, in case a row holds something else. */
const knownTranslations = (stored: CatalogueTranslations | null): CatalogueTranslations =>
  Object.fromEntries(
    TRANSLATED_LANGUAGES.flatMap((code) => (stored?.[code] ? [[code, stored[code]]] : [])),
  );

type ServiceRow = Rows<'listServices'>[number];
type PackageRow = Rows<'listPackages'>[number];

/** A service as admins edit it: English and every translation. */
export const toAdminService = ({ translations, ...r }: ServiceRow): AdminService => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  translations: knownTranslations(translations),
});

/** A service in the reader's language, each field falling back to English. */
export const toService = (row: ServiceRow, lang?: string): Service => {
  const { translations, ...service } = toAdminService(row);
  return localizeCatalogueText(service, translations, lang);
};

export const toAdminPackage = ({ pkg, serviceSlug }: PackageRow): AdminPackage => ({
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
  fulfilment: pkg.fulfilment === 'team' ? 'team' : 'automatic',
  isActive: pkg.isActive,
  translations: knownTranslations(pkg.translations),
});

/** A package in the reader's language, each field (and feature) falling back to English. */
export const toPackage = (row: PackageRow, gbp: InBilling, lang?: string): Package => {
  const { translations, ...pkg } = toAdminPackage(row);
  return localizeCatalogueText(
    copyWithFields(pkg, { balancePrice: gbp(pkg.price, pkg.currency) }),
    translations,
    lang,
  );
};

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

type NumberFields = Omit<DidNumber, 'balanceMonthlyPrice' | 'balanceSetupPrice'>;
export const toNumber = (r: Rows<'searchNumbers'>['items'][number]): NumberFields => ({
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

/**
 * Reads of the catalogue: customers see active items, admins see everything. What a
 * customer reads carries each price in GBP too (what the balance pays today), or null
 * while the rate is missing or out of date (billing-prices.ts).
 */
export function createCatalogueService(deps: { repo: CatalogueRepo; rates: BillingRates }) {
  const { repo, rates } = deps;
  return {
    /** Active services in the reader's language (`lang`, English when unknown). */
    async services(lang?: string): Promise<Service[]> {
      return (await repo.listServices(true)).map((r) => toService(r, lang));
    },
    async packages(opts: { serviceSlug?: string; lang?: string }): Promise<Package[]> {
      const rows = await repo.listPackages({ onlyActive: true, serviceSlug: opts.serviceSlug });
      const gbp = await inBillingFor(
        rates,
        rows.map((r) => r.pkg.currency),
      );
      return rows.map((r) => toPackage(r, gbp, opts.lang));
    },
    /** Every service, inactive ones too, with all its translations. */
    async adminServices(): Promise<AdminService[]> {
      return (await repo.listServices(false)).map(toAdminService);
    },
    async adminPackages(): Promise<AdminPackage[]> {
      return (await repo.listPackages({ onlyActive: false })).map(toAdminPackage);
    },
    /**
     * The country of an international number and its active price row. The number
     * gets a leading + if it lacks one (the spec's pattern makes it optional).
     */
    async destination(number: string): Promise<Destination> {
      const international = withPlus(number);
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
    /** The real counts behind "countries" and "numbers in … countries" on the pages. */
    coverage: (): Promise<Coverage> => repo.coverage(),
    async sipDomains(opts: { admin: boolean }): Promise<SipDomain[]> {
      return (await repo.listSipDomains(!opts.admin)).map(toSipDomain);
    },
    /** Active SIP domains with their GBP prices. */
    async sipDomainsForSale(): Promise<SipDomainForSale[]> {
      const rows = (await repo.listSipDomains(true)).map(toSipDomain);
      const gbp = await inBillingFor(
        rates,
        rows.map((d) => d.currency),
      );
      return rows.map((d) => withFields(d, { balancePrice: gbp(d.price, d.currency) }));
    },
    async numbers(query: NumbersQuery): Promise<NumbersPage> {
      const { items, total } = await repo.searchNumbers(query);
      const gbp = await inBillingFor(
        rates,
        items.map((n) => n.currency),
      );
      return {
        items: items.map((r) => {
          const n = toNumber(r);
          return withFields(n, {
            balanceMonthlyPrice: gbp(n.monthlyPrice, n.currency),
            balanceSetupPrice: gbp(n.setupPrice, n.currency),
          });
        }),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
