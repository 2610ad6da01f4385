import { CsvError, type FieldCode, type FieldParams, parseCsv } from '@parley/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { fieldCodeOf } from '../../lib/zod-field-codes.js';

export interface CsvLine<T> {
  line: number;
  /** The validated row, or null when it has errors. */
  input: T | null;
  /** What identifies the row to a person (a country name, a number). */
  label: string;
  errors: { field: string; code: FieldCode; params: FieldParams; message: string }[];
}

const MAX_ROWS = 5000;

/** A refusal of the file as a whole: the message, and each problem with its code. */
const refused = (
  message: string,
  problems: { path: string; code: FieldCode; params?: FieldParams; message: string }[],
) => new AppError('BAD_REQUEST', message, problems);

/**
 * Reads a CSV upload with a header row and validates each line with `schema`. A bad
 * line never throws: it carries its errors. Only an unreadable file, a wrong header
 * or too many rows is refused outright.
 */
export function readCsvUpload<S extends z.ZodType>(
  text: string,
  opts: {
    columns: readonly string[];
    required: readonly string[];
    schema: S;
    labelColumn: string;
    /** Turns a cell into the value the schema expects (blank cells are left out). */
    cell?: (column: string, value: string) => unknown;
  },
): CsvLine<z.output<S>>[] {
  let table: string[][];
  try {
    table = parseCsv(text);
  } catch (err) {
    if (err instanceof CsvError) {
      const message = `The CSV file is not readable: ${err.message}.`;
      throw refused(message, [{ path: 'body.file', code: 'FILE_UNREADABLE', message }]);
    }
    throw err;
  }
  const [header, ...body] = table;
  if (!header)
    throw refused('The CSV file is empty.', [
      { path: 'body.file', code: 'CSV_EMPTY', message: 'The CSV file is empty.' },
    ]);
  const columns = header.map((h) => h.trim());
  const unknown = columns.filter((c) => !opts.columns.includes(c));
  const missing = opts.required.filter((c) => !columns.includes(c));
  if (unknown.length || missing.length) {
    const problems = [
      ...(missing.length
        ? [
            {
              path: 'body.missingColumns',
              code: 'CSV_COLUMNS_MISSING' as const,
              params: { columns: missing.join(', ') },
              message: `missing columns: ${missing.join(', ')}`,
            },
          ]
        : []),
      ...(unknown.length
        ? [
            {
              path: 'body.unknownColumns',
              code: 'CSV_COLUMNS_UNKNOWN' as const,
              params: { columns: unknown.join(', ') },
              message: `unknown columns: ${unknown.join(', ')}`,
            },
          ]
        : []),
    ];
    throw refused(
      `The CSV header is wrong (${problems.map((p) => p.message).join('; ')}).`,
      problems,
    );
  }
  if (body.length > MAX_ROWS) {
    const message = `The CSV file has more than ${MAX_ROWS} rows.`;
    throw refused(message, [
      { path: 'body.rows', code: 'CSV_TOO_MANY_ROWS', params: { max: MAX_ROWS }, message },
    ]);
  }

  const seen = new Map<string, number>();
  return body
    .map((cells, i) => ({ cells, line: i + 2 }))
    .filter(({ cells }) => cells.some((c) => c.trim() !== ''))
    .map(({ cells, line }) => {
      const record: Record<string, unknown> = {};
      columns.forEach((column, j) => {
        const value = (cells[j] ?? '').trim();
        if (value !== '') record[column] = opts.cell ? opts.cell(column, value) : value;
      });
      const label = String(record[opts.labelColumn] ?? '');
      const parsed = opts.schema.safeParse(record);
      const errors = parsed.success
        ? []
        : parsed.error.issues.map((issue) => ({
            field: issue.path.join('.'),
            ...fieldCodeOf(issue),
            message: issue.message,
          }));
      const key = label.toLowerCase();
      const first = seen.get(key);
      if (key && first !== undefined)
        errors.push({
          field: opts.labelColumn,
          code: 'SAME_AS_LINE',
          params: { line: first },
          message: `Same as line ${first}`,
        });
      else if (key) seen.set(key, line);
      return {
        line,
        label,
        input: parsed.success && errors.length === 0 ? parsed.data : null,
        errors,
      };
    });
}

/** The 400 a commit of an invalid file answers with: every error, named by line and field. */
export function invalidLines(lines: CsvLine<unknown>[]): AppError {
  const fields = lines.flatMap((l) =>
    l.errors.map((e) => ({
      path: `line ${l.line}.${e.field}`,
      code: e.code,
      params: e.params,
      message: e.message,
    })),
  );
  return new AppError(
    'VALIDATION_FAILED',
    'Some lines are not valid; nothing was imported.',
    fields,
  );
}
