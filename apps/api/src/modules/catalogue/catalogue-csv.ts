import {
  COUNTRY_PRICING_CSV_COLUMNS,
  type CountryPricing,
  countryPricingInputSchema,
  NUMBER_CSV_COLUMNS,
  numberInputSchema,
  toCsv,
} from '@parley/shared';
import { readCsvUpload } from './csv-import.js';

export function countryPricingToCsv(rows: readonly CountryPricing[]): string {
  return toCsv([
    [...COUNTRY_PRICING_CSV_COLUMNS],
    ...rows.map((r) => [
      r.countryName,
      r.countryCode ?? '',
      r.region,
      r.smsPrice,
      r.voipPrice,
      r.didPrice,
      r.sipTrunkPrice,
      r.currency,
      String(r.isActive),
    ]),
  ]);
}

export function parseCountryPricingCsv(text: string) {
  return readCsvUpload(text, {
    columns: COUNTRY_PRICING_CSV_COLUMNS,
    required: ['countryName', 'region', 'smsPrice', 'voipPrice', 'didPrice', 'sipTrunkPrice'],
    schema: countryPricingInputSchema,
    labelColumn: 'countryName',
    cell: (column, value) => (column === 'isActive' ? value.toLowerCase() === 'true' : value),
  });
}

/** Numbers in bulk; `features` is a semicolon-separated list. */
export function parseNumbersCsv(text: string) {
  return readCsvUpload(text, {
    columns: NUMBER_CSV_COLUMNS,
    required: ['number', 'countryCode', 'type', 'monthlyPrice'],
    schema: numberInputSchema,
    labelColumn: 'number',
    cell: (column, value) =>
      column === 'features'
        ? value
            .split(';')
            .map((f) => f.trim())
            .filter(Boolean)
        : value,
  });
}
