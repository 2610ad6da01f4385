/** RFC 4180 CSV: fields with commas, quotes or line breaks are quoted, quotes doubled. */

export function toCsv(rows: readonly (readonly string[])[]): string {
  const field = (value: string) =>
    /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  return `${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}

export class CsvError extends Error {}

/** Parses CSV text into rows of fields; a blank last line is ignored. Throws CsvError on a broken quote. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // a byte-order mark from spreadsheet exports
  const endField = () => {
    row.push(field);
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
