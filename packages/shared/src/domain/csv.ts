/**
 * RFC 4180 CSV: fields with commas, quotes or line breaks are quoted, quotes doubled.
 *
 * Formula injection: a spreadsheet runs a cell that starts with `=`, `+`, `-`, `@`, TAB
 * or CR as a formula, so the writer prefixes such a cell with `'` (a number like
 * `+447400123456` too: it is kept as text instead of becoming 4.47E+11). The reader
 * removes exactly one such `'`, so `parseCsv(toCsv(rows))` gives back the rows and an
 * export imports as it was. A cell that already starts with quotes before one of those
 * characters gets one more, so the mapping stays reversible.
 */
const FORMULA = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;

/** A cell as written: prefixed with `'` when a spreadsheet would read it as a formula. */
export function neutraliseCell(value: string): string {
  return FORMULA.test(value) ? `'${value}` : value;
}

/** The reverse of neutraliseCell: what a cell held before it was written. */
export function restoreCell(value: string): string {
  return NEUTRALISED.test(value) ? value.slice(1) : value;
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  const field = (raw: string) => {
    const value = neutraliseCell(raw);
    return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  };
  return `${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}

export class CsvError extends Error {}

/**
 * Parses CSV text into rows of fields (each restored: see neutraliseCell); a blank last
 * line is ignored. Throws CsvError on a broken quote.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // a byte-order mark from spreadsheet exports
  const endField = () => {
    row.push(restoreCell(field));
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"') {
      if (field !== '') throw new CsvError(`Unexpected quote in line ${rows.length + 1}`);
      quoted = true;
    } else if (c === ',') {
      endField();
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else {
      field += c;
    }
  }
  if (quoted) throw new CsvError(`Unterminated quote in line ${rows.length + 1}`);
  if (field !== '' || row.length > 0) endRow();
  return rows;
}
