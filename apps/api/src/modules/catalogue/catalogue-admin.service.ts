import type {
  AdminNumber,
  AdminPackage,
  AdminService,
  CountryPricing,
  CountryPricingInput,
  NumberInput,
  PackageInput,
  ServiceInput,
  SipDomain,
  SipDomainInput,
} from '@parley/shared';
import { countryOfNumber } from '@parley/shared/phone';
import { AppError } from '../../lib/app-error.js';
import type { AuditBy } from '../../lib/audit-by.js';
import type { EventBus } from '../../lib/event-bus.js';
import type { Clearable } from '../../lib/short-cache.js';
import { withFields } from '../../lib/with-fields.js';
import {
  toAdminPackage,
  toAdminService,
  toCountryPricing,
  toNumber,
  toSipDomain,
} from './catalogue.service.js';
import type { CatalogueAdminRepo } from './catalogue-admin.repo.js';
import { createCatalogueImports } from './catalogue-import.js';
import { createCatalogueWrites } from './catalogue-writes.js';

/**
 * Creating, editing and deleting catalogue items; every change is announced. This
 * instance's price caches are dropped before the change is answered, so the next quote
 * here has it; other instances drop theirs when `catalogue.changed` reaches them.
 */
export function createCatalogueAdminService(deps: {
  repo: CatalogueAdminRepo;
  events: EventBus;
  /** This instance's price caches (catalogue/pricing-cache.ts). */
  priceCaches: Clearable;
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const { changed, write, remove } = createCatalogueWrites(deps);

  async function asPackage(
    row: Awaited<ReturnType<CatalogueAdminRepo['packages']['insert']>>,
  ): Promise<AdminPackage> {
    return toAdminPackage({
      pkg: row,
      serviceSlug: (await repo.serviceSlugOf(row.serviceId)) ?? '',
    });
  }

  function checkNumber(input: NumberInput): void {
    const found = countryOfNumber(input.number);
    if (!found || found.country !== input.countryCode) {
      const message = `Not a valid ${input.countryCode} number`;
      throw new AppError('VALIDATION_FAILED', message, [
        {
          path: 'body.number',
          code: 'NUMBER_NOT_IN_COUNTRY',
          params: { country: input.countryCode },
          message,
        },
      ]);
    }
  }

  return {
    ...createCatalogueImports({ repo, changed }),

    // Services and packages are audited (who changed which words, in which language).
    // An update without `translations` keeps the stored ones.
    createService: async (input: ServiceInput, by: AuditBy): Promise<AdminService> =>
      toAdminService(await write('service', 'created', () => repo.services.insert(input, by))),
    updateService: async (id: string, input: ServiceInput, by: AuditBy): Promise<AdminService> =>
      toAdminService(await write('service', 'updated', () => repo.services.update(id, input, by))),
    deleteService: (id: string, by: AuditBy) =>
      remove('service', () => repo.services.remove(id, by), id),

    createPackage: async (input: PackageInput, by: AuditBy): Promise<AdminPackage> =>
      asPackage(await write('package', 'created', () => repo.packages.insert(input, by))),
    updatePackage: async (id: string, input: PackageInput, by: AuditBy): Promise<AdminPackage> =>
      asPackage(
        await write('package', 'updated', () =>
          repo.packages.update(id, { ...input, updatedAt: now() }, by),
        ),
      ),
    deletePackage: (id: string, by: AuditBy) =>
      remove('package', () => repo.packages.remove(id, by), id),

    // Prices, SIP domains and numbers are audited the same way (before and after).
    createCountryPricing: async (
      input: CountryPricingInput,
      by: AuditBy,
    ): Promise<CountryPricing> =>
      toCountryPricing(
        await write('country-pricing', 'created', () => repo.countryPricing.insert(input, by)),
      ),
    updateCountryPricing: async (
      id: string,
      input: CountryPricingInput,
      by: AuditBy,
    ): Promise<CountryPricing> =>
      toCountryPricing(
        await write('country-pricing', 'updated', () =>
          repo.countryPricing.update(id, { ...input, updatedAt: now() }, by),
        ),
      ),
    deleteCountryPricing: (id: string, by: AuditBy) =>
      remove('country-pricing', () => repo.countryPricing.remove(id, by), id),

    createSipDomain: async (input: SipDomainInput, by: AuditBy): Promise<SipDomain> =>
      toSipDomain(await write('sip-domain', 'created', () => repo.sipDomains.insert(input, by))),
    updateSipDomain: async (id: string, input: SipDomainInput, by: AuditBy): Promise<SipDomain> =>
      toSipDomain(
        await write('sip-domain', 'updated', () => repo.sipDomains.update(id, input, by)),
      ),
    deleteSipDomain: (id: string, by: AuditBy) =>
      remove('sip-domain', () => repo.sipDomains.remove(id, by), id),

    async listNumbers(): Promise<AdminNumber[]> {
      return (await repo.listNumbers()).map((r) =>
        withFields(toNumber(r), { status: r.status as AdminNumber['status'] }),
      );
    },
    async createNumber(input: NumberInput, by: AuditBy): Promise<AdminNumber> {
      checkNumber(input);
      const row = await write('number', 'created', () => repo.numbers.insert(input, by));
      return { ...toNumber(row), status: row.status as AdminNumber['status'] };
    },
    async updateNumber(id: string, input: NumberInput, by: AuditBy): Promise<AdminNumber> {
      checkNumber(input);
      const row = await write('number', 'updated', () => repo.numbers.update(id, input, by));
      return { ...toNumber(row), status: row.status as AdminNumber['status'] };
    },
    deleteNumber: (id: string, by: AuditBy) =>
      remove('number', () => repo.numbers.remove(id, by), id),
  };
}
export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;
