import {
  BULK_MAX_RECIPIENTS,
  type BulkLineCode,
  type BulkPreview,
  CsvError,
  PHONE_PATTERN,
  parseCsv,
} from '@parley/shared';
import { withPlus } from '@parley/shared/phone';
import { AppError } from '../../lib/app-error.js';

const HEADER = /^(recipients?|numbers?|phones?|phone_numbers?|msisdns?|mobiles?|to)$/i;
const COLUMN_NAMES = 'recipient, number, phone, phone_number, msisdn, mobile or to';

/** A row of names, not numbers: every cell has a letter and too few digits for a number. */
const isHeaderRow = (row: string[] | undefined) => {
  const cells = (row ?? []).map((c) => c.trim()).filter(Boolean);
  return (
    cells.length > 0 && cells.every((c) => /\p{L}/u.test(c) && (c.match(/\d/g)?.length ?? 0) < 5)
  );
};

export interface RecipientLines {
  recipients: { line: number; value: string }[];
  invalid: BulkPreview['invalid'];
}

/**
 * The recipients of a bulk upload: CSV (the column named recipient, number, phone,
 * msisdn, mobile or to; else the first) or plain text, one number a line. Blank lines
 * are skipped; malformed numbers and repeats are reported by line, not sent. A header
 * row that names none of those columns is refused as such (RECIPIENT_COLUMN_MISSING),
 * rather than reported as a file of bad numbers.
 */
export function readRecipients(file: string): RecipientLines {
  let rows: string[][];
  try {
    rows = parseCsv(file);
  } catch (err) {
    if (err instanceof CsvError)
      throw new AppError('VALIDATION_FAILED', err.message, [
        { path: 'body.file', code: 'FILE_UNREADABLE', message: err.message },
      ]);
    throw err;
  }
  const header = rows[0]?.findIndex((cell) => HEADER.test(cell.trim())) ?? -1;
  if (header < 0 && isHeaderRow(rows[0])) {
    const message = `The file has no recipient column: name the column of numbers ${COLUMN_NAMES}.`;
    throw new AppError('VALIDATION_FAILED', message, [
      { path: 'body.file', code: 'RECIPIENT_COLUMN_MISSING', message },
    ]);
  }
  const column = Math.max(header, 0);
  const seen = new Set<string>();
  const out: RecipientLines = { recipients: [], invalid: [] };
  rows.forEach((row, i) => {
    if (i === 0 && header >= 0) return;
    const value = (row[column] ?? '').trim();
    const line = i + 1;
    if (!value) return;
    const number = value.replace(/[\s()-]/g, '');
    const e164 = withPlus(number);
    const skip = (reason: string, code: BulkLineCode, params = {}) =>
      out.invalid.push({ line, value, reason, code, params });
    if (!PHONE_PATTERN.test(number)) skip('Invalid phone number format', 'RECIPIENT_INVALID');
    else if (seen.has(e164)) skip('Duplicate', 'RECIPIENT_DUPLICATE');
    else if (out.recipients.length >= BULK_MAX_RECIPIENTS)
      skip(`More than ${BULK_MAX_RECIPIENTS} recipients`, 'TOO_MANY_RECIPIENTS', {
        max: BULK_MAX_RECIPIENTS,
      });
    else {
      seen.add(e164);
      out.recipients.push({ line, value: e164 });
    }
  });
  return out;
}
