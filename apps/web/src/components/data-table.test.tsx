import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table';

const rows = (
  <>
    <tr>
      <td>Ada</td>
      {false && <td>never</td>}
      <td>
        <button type="button">Approve</button>
      </td>
    </tr>
    <tr>
      <td>Bob</td>
      <td>
        <button type="button">Reject</button>
      </td>
    </tr>
  </>
);

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

  it('as cards, names every cell after its column and keeps the table roles', () => {
    const { container } = render(
      <DataTable caption="Payments" headers={['Customer', { label: 'Decision', end: true }]} cards>
        {rows.props.children}
      </DataTable>,
    );
    expect(container.querySelector('.data-cards')).not.toBeNull();
    const table = screen.getByRole('table', { name: 'Payments' });
    const cells = within(table).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual([
      'Customer',
      'Decision',
      'Customer',
      'Decision',
    ]);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Customer', 'Decision']);
  });

  it('without cards, leaves the rows as they are', () => {
    const { container } = render(
      <DataTable caption="Rates" headers={['Customer', 'Decision']}>
        {rows.props.children}
      </DataTable>,
    );
    expect(container.querySelector('.data-cards')).toBeNull();
    expect(container.querySelector('[data-label]')).toBeNull();
  });
});
