import type { CsvImportResult } from '@parley/shared';
import { countryOfNumber } from '@parley/shared/phone';
import { AppError } from '../../lib/app-error.js';
import type { AuditBy } from '../../lib/audit-by.js';
import { ConstraintError } from '../../lib/constraint-error.js';
import type { CatalogueAdminRepo } from './catalogue-admin.repo.js';
import { parseCountryPricingCsv, parseNumbersCsv } from './catalogue-csv.js';
import { type CatalogueWrites, DUPLICATE } from './catalogue-writes.js';
import { invalidLines } from './csv-import.js';

/** Country prices and numbers from CSV: previewed line by line, or committed all at once. */
export function createCatalogueImports(deps: {
  repo: Pick<
    CatalogueAdminRepo,
    'countryNames' | 'upsertCountryPricing' | 'existingNumbers' | 'insertNumbers'
  >;
  changed: CatalogueWrites['changed'];
}) {
  const { repo, changed } = deps;
  return {
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
  };
}
