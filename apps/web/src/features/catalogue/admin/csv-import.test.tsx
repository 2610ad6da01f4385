import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { apiError, fakeApi, json } from '@/test/fake-api';
import { spyOnToasts } from '@/test/toasts';
import { CsvImport, problemsFirst } from './csv-import';

const showToast = spyOnToasts();

afterEach(() => vi.unstubAllGlobals());

const problem = { field: 'smsPrice', code: 'INVALID_FORMAT', params: {}, message: 'bad' };
const row = (line: number, label: string, bad = false) => ({
  line,
  action: 'create' as const,
  label,
  errors: bad ? [problem] : [],
});

describe('problemsFirst', () => {
  it('puts the rows with problems first, each group in file order', () => {
    const rows = [row(2, 'a'), row(3, 'b', true), row(4, 'c'), row(5, 'd', true), row(6, 'e')];
    expect(problemsFirst(rows).map((r) => r.line)).toEqual([3, 5, 2, 4, 6]);
    // The preview itself is left as it came.
    expect(rows.map((r) => r.line)).toEqual([2, 3, 4, 5, 6]);
  });
});

describe('CsvImport', () => {
  it("keeps a refused file's problems in the dialog, translated, not in a toast behind it", async () => {
    let answered = 0;
    fakeApi({
      'POST /api/admin/country-pricing/import?commit=false': () =>
        answered++
          ? json({ committed: false, valid: true, rows: [row(2, 'Andorra')] })
          : apiError(400, 'BAD_REQUEST', 'The CSV header is wrong', [
              {
                path: 'body.missingColumns',
                code: 'CSV_COLUMNS_MISSING',
                params: { columns: 'countryCode, smsPrice' },
                message: 'missing',
              },
              {
                path: 'body.unknownColumns',
                code: 'CSV_COLUMNS_UNKNOWN',
                params: { columns: 'name' },
                message: 'x',
              },
            ]),
    });
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CsvImport resource="country-pricing" />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import CSV' });
    const file = new File(['name\nAndorra\n'], 'prices.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText('CSV file'), file);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Missing columns: countryCode, smsPrice');
    expect(alert.textContent).toContain('Unknown columns: name');
    expect(showToast).not.toHaveBeenCalled();
    // The next file starts clean.
    const good = new File(['countryName\nAndorra\n'], 'p.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText('CSV file'), good);
    await vi.waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
  });

  it('lists the problem rows of a preview first, and does not offer to commit it', async () => {
    const api = fakeApi({
      'POST /api/admin/country-pricing/import?commit=false': () =>
        json({
          committed: false,
          valid: false,
          rows: [
            row(2, 'Andorra'),
            row(3, 'Belgium'),
            row(4, 'Chad', true),
            row(5, 'Denmark'),
            row(6, 'Egypt', true),
          ],
        }),
    });
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CsvImport resource="country-pricing" />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import CSV' });
    const file = new File(['countryName\nAndorra\n'], 'prices.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText('CSV file'), file);

    const table = await within(dialog).findByRole('table', { name: 'Import preview' });
    const lines = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0]?.textContent);
    expect(lines).toEqual(['4', '6', '2', '3', '5']);
    expect(within(dialog).getByRole('status').textContent).toContain('Rows with problems: 2.');
    expect(
      (within(dialog).getByRole('button', { name: 'Import rows (5)' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(api.calls[0]?.body).toBe('countryName\nAndorra\n');
  });
});
