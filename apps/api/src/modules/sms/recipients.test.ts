import { describe, expect, it } from 'vitest';
import { readRecipients } from './recipients.js';

describe('readRecipients', () => {
  it('reads plain text, one number a line, reporting bad lines and repeats', () => {
    expect(readRecipients('+447400123456\n\n447400123457\nabc\n+447400123456\n')).toEqual({
      recipients: [
        { line: 1, value: '+447400123456' },
        { line: 3, value: '+447400123457' },
      ],
      invalid: [
        {
          line: 4,
          value: 'abc',
          reason: 'Invalid phone number format',
          code: 'RECIPIENT_INVALID',
          params: {},
        },
        {
          line: 5,
          value: '+447400123456',
          reason: 'Duplicate',
          code: 'RECIPIENT_DUPLICATE',
          params: {},
        },
      ],
    });
  });

  it('reads the recipient column of a CSV with a header', () => {
    const csv =
      'name,Phone Number,phone\r\nAda,x,+44 7400 123456\r\n"Lovelace, A",y,(447) 400-123457\r\n';
    expect(readRecipients(csv).recipients.map((r) => r.value)).toEqual([
      '+447400123456',
      '+447400123457',
    ]);
  });

  it('refuses a CSV whose header names no recipient column, saying so', () => {
    for (const file of ['name,email\nAda,ada@example.com\n', 'Name\nAda\n', 'Customer;Mobile no\n'])
      expect(() => readRecipients(file), file).toThrow(
        expect.objectContaining({
          code: 'VALIDATION_FAILED',
          fields: [
            expect.objectContaining({ path: 'body.file', code: 'RECIPIENT_COLUMN_MISSING' }),
          ],
        }),
      );
    // Plural headers are recipient columns too; a file of numbers needs no header.
    expect(readRecipients('Numbers\n+447400123456\n').recipients).toHaveLength(1);
    expect(readRecipients('+447400123456,Ada\n').recipients).toHaveLength(1);
  });

  it('refuses a broken CSV with a clear error', () => {
    expect(() => readRecipients('"+4474001')).toThrow(/Unterminated quote/);
  });
});
