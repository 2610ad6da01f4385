import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table';

describe('DataTable', () => {
  it('names the table, heads its columns and holds the rows', () => {
    render(
      <DataTable caption="Wallets" headers={['Currency', { label: 'Actions', end: true }]}>
        <tr>
          <td>BTC</td>
          <td>Edit</td>
        </tr>
      </DataTable>,
    );
    const table = screen.getByRole('table', { name: 'Wallets' });
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Currency', 'Actions']);
    expect(headers[1]?.className).toContain('text-end');
    expect(table.querySelector('tbody')?.textContent).toBe('BTCEdit');
  });
});
