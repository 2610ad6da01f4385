import {
  COUNTRY_PRICING_CSV_COLUMNS,
  type CountryPricing,
  type CountryPricingInput,
  CsvError,
  type CsvImportResult,
  countryPricingInputSchema,
  parseCsv,
  toCsv,
} from '@parley/shared';
import { AppError } from '../../lib/app-error.js';

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

export interface ParsedRow {
  line: number;
  input: CountryPricingInput | null;
  countryName: string;
  errors: { field: string; message: string }[];
}

/** Reads and validates every row; never throws for a bad row, only for an unreadable file. */
export function parseCountryPricingCsv(text: string): ParsedRow[] {
  let table: string[][];
  try {
    table = parseCsv(text);
  } catch (err) {
    if (err instanceof CsvError)
      throw new AppError('BAD_REQUEST', `The CSV file is not readable: ${err.message}.`);
    throw err;
  }
  const [header, ...body] = table;
  if (!header) throw new AppError('BAD_REQUEST', 'The CSV file is empty.');
  const columns = header.map((h) => h.trim());
  const unknown = columns.filter(
    (c) => !(COUNTRY_PRICING_CSV_COLUMNS as readonly string[]).includes(c),
  );
  const missing = [
    'countryName',
    'region',
    'smsPrice',
    'voipPrice',
    'didPrice',
    'sipTrunkPrice',
  ].filter((c) => !columns.includes(c));
  if (unknown.length || missing.length) {
    const problems = [
      ...(missing.length ? [`missing columns: ${missing.join(', ')}`] : []),
      ...(unknown.length ? [`unknown columns: ${unknown.join(', ')}`] : []),
    ];
    throw new AppError('BAD_REQUEST', `The CSV header is wrong (${problems.join('; ')}).`);
  }
  if (body.length > 5000)
    throw new AppError('BAD_REQUEST', 'The CSV file has more than 5000 rows.');

  return body
    .map((cells, i) => ({ cells, line: i + 2 }))
    .filter(({ cells }) => cells.some((c) => c.trim() !== ''))
    .map(({ cells, line }) => {
      const record: Record<string, unknown> = {};
      columns.forEach((c, j) => {
        const value = (cells[j] ?? '').trim();
        if (c === 'isActive') record[c] = value === '' ? undefined : value.toLowerCase() === 'true';
        else if (value !== '' || c !== 'currency') record[c] = value;
      });
      const parsed = countryPricingInputSchema.safeParse(record);
      const countryName = String(record.countryName ?? '');
      if (parsed.success) return { line, input: parsed.data, countryName, errors: [] };
      const errors = parsed.error.issues.map((issue) => ({
        field: issue.path.join('.'),
        message: issue.message,
      }));
      return { line, input: null, countryName, errors };
    });
}

export function duplicateNames(rows: ParsedRow[]): void {
  const seen = new Map<string, number>();
  for (const row of rows) {
    const key = row.countryName.trim().toLowerCase();
    const first = seen.get(key);
    if (first !== undefined && key)
      row.errors.push({ field: 'countryName', message: `Same country as line ${first}` });
    else seen.set(key, row.line);
  }
}

export type { CsvImportResult };
