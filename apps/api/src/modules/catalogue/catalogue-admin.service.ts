import type {
  AdminNumber,
  AdminPackage,
  AdminService,
  CountryPricing,
  CountryPricingInput,
  CsvImportResult,
  NumberInput,
  PackageInput,
  ServiceInput,
  SipDomain,
  SipDomainInput,
} from '@parley/shared';
import { countryOfNumber } from '@parley/shared/phone';
import { AppError } from '../../lib/app-error.js';
import type { AuditBy } from '../../lib/audit-by.js';
import { ConstraintError } from '../../lib/constraint-error.js';
import type { DomainEvent, EventBus } from '../../lib/event-bus.js';
import type { Clearable } from '../../lib/short-cache.js';
import {
  toAdminPackage,
  toAdminService,
  toCountryPricing,
  toNumber,
  toSipDomain,
} from './catalogue.service.js';
import type { CatalogueAdminRepo } from './catalogue-admin.repo.js';
import { parseCountryPricingCsv, parseNumbersCsv } from './catalogue-csv.js';
import { invalidLines } from './csv-import.js';

type Entity = Extract<DomainEvent, { type: 'catalogue.changed' }>['data']['entity'];

const DUPLICATE: Record<Entity, string> = {
  service: 'A service with this slug already exists',
  package: 'This package already exists',
  'country-pricing': 'This country already has a price (country name and code must be unique)',
  'sip-domain': 'This domain already exists',
  number: 'This number is already in the inventory',
};

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
  const { repo, events, priceCaches } = deps;
  const now = deps.now ?? (() => new Date());

  /** After a committed change: drop the local caches, then tell every instance. */
  function changed(data: Extract<DomainEvent, { type: 'catalogue.changed' }>['data']) {
    priceCaches.clear();
    events.publish({ type: 'catalogue.changed', data });
  }

  async function write<T extends { id: string }>(
    entity: Entity,
    action: 'created' | 'updated',
    run: () => Promise<T | undefined>,
  ): Promise<T> {
    let row: T | undefined;
    try {
      row = await run();
    } catch (err) {
      const kind = err instanceof ConstraintError ? err.kind : null;
      if (kind === 'duplicate') throw new AppError('CONFLICT', DUPLICATE[entity]);
      if (kind === 'missing-reference') {
        throw new AppError('VALIDATION_FAILED', 'No such service', [
          { path: 'body.serviceId', code: 'SERVICE_UNKNOWN', message: 'No such service' },
        ]);
      }
      throw err;
    }
    if (!row) throw new AppError('NOT_FOUND', 'No such item.');
    changed({ entity, action, id: row.id });
    return row;
  }

  async function remove(entity: Entity, run: () => Promise<boolean>, id: string): Promise<void> {
    let removed: boolean;
    try {
      removed = await run();
    } catch (err) {
      if (err instanceof ConstraintError && err.kind === 'still-referenced') {
        throw new AppError('CONFLICT', 'This service still has packages; delete them first.');
      }
      throw err;
    }
    if (!removed) throw new AppError('NOT_FOUND', 'No such item.');
    changed({ entity, action: 'deleted', id });
  }

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

    /**
     * Country prices from CSV: a preview (commit false) shows what each line would do
     * and its errors; a commit writes all lines in one transaction, or nothing when
     * any line is wrong. Each country added or changed is audited (`country_pricing.import`).
     */
    async importCountryPricing(
      text: string,
      commit: boolean,
      by: AuditBy,
    ): Promise<CsvImportResult> {
      const rows = parseCountryPricingCsv(text);
      const existing = await repo.countryNames();
      const result: CsvImportResult = {
        committed: false,
        valid: rows.every((r) => r.errors.length === 0),
        rows: rows.map((r) => ({
          line: r.line,
          action: existing.has(r.label.toLowerCase()) ? 'update' : 'create',
          label: r.label,
          errors: r.errors,
        })),
      };
      if (!commit) return result;
      if (!result.valid) throw invalidLines(rows);
      try {
        await repo.upsertCountryPricing(
          rows.flatMap((r) =>
            r.input ? [{ id: existing.get(r.label.toLowerCase()), values: r.input }] : [],
          ),
          by,
        );
      } catch (err) {
        if (err instanceof ConstraintError && err.kind === 'duplicate')
          throw new AppError('CONFLICT', DUPLICATE['country-pricing']);
        throw err;
      }
      changed({ entity: 'country-pricing', action: 'updated', id: 'csv-import' });
      return { ...result, committed: true };
    },

    /** Numbers in bulk from CSV, previewed or committed like country prices (insert only). */
    async importNumbers(text: string, commit: boolean, by: AuditBy): Promise<CsvImportResult> {
      const rows = parseNumbersCsv(text);
      const existing = await repo.existingNumbers(rows.map((r) => r.label));
      for (const row of rows) {
        if (existing.has(row.label))
          row.errors.push({
            field: 'number',
            code: 'NUMBER_EXISTS',
            params: {},
            message: 'Already in the inventory',
          });
        const found = row.input && countryOfNumber(row.input.number);
        if (row.input && found?.country !== row.input.countryCode) {
          row.errors.push({
            field: 'number',
            code: 'NUMBER_NOT_IN_COUNTRY',
            params: { country: row.input.countryCode },
            message: `Not a valid ${row.input.countryCode} number`,
          });
        }
      }
      const result: CsvImportResult = {
        committed: false,
        valid: rows.every((r) => r.errors.length === 0),
        rows: rows.map((r) => ({
          line: r.line,
          action: 'create',
          label: r.label,
          errors: r.errors,
        })),
      };
      if (!commit) return result;
      if (!result.valid) throw invalidLines(rows);
      try {
        await repo.insertNumbers(
          rows.flatMap((r) => (r.input ? [r.input] : [])),
          by,
        );
      } catch (err) {
        if (err instanceof ConstraintError && err.kind === 'duplicate')
          throw new AppError('CONFLICT', DUPLICATE.number);
        throw err;
      }
      changed({ entity: 'number', action: 'created', id: 'csv-import' });
      return { ...result, committed: true };
    },

    async listNumbers(): Promise<AdminNumber[]> {
      return (await repo.listNumbers()).map((r) => ({
        ...toNumber(r),
        status: r.status as AdminNumber['status'],
      }));
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
