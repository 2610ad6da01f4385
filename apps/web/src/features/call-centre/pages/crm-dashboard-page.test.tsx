import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { filterCustomers, NO_FILTER } from '../customer-filter';
import { sumAmounts } from '../format';
import { CUSTOMERS } from '../sample-data';
import CrmDashboardPage from './crm-dashboard-page';

const names = () =>
  screen.getAllByTestId('customer').map((c) => within(c).getByRole('heading').textContent);

describe('filterCustomers', () => {
  it('matches every word of the search, a phone without its spaces, and status and priority', () => {
    const found = (filter: Partial<typeof NO_FILTER>) =>
      filterCustomers(CUSTOMERS, { ...NO_FILTER, ...filter }).map((c) => c.id);
    expect(found({})).toHaveLength(CUSTOMERS.length);
    expect(found({ search: 'BERLIN weber' })).toEqual(['c4']);
    expect(found({ search: '4930' })).toEqual(['c4']);
    expect(found({ status: 'new' })).toEqual(['c2', 'c8']);
    expect(found({ status: 'new', priority: 'urgent' })).toEqual(['c8']);
    expect(found({ search: 'sarah', status: 'sale' })).toEqual(['c3']);
    expect(found({ search: 'nobody' })).toEqual([]);
  });

  it('adds exact amounts', () => {
    expect(sumAmounts(['15250.50', '0.70', '100.00'])).toBe('15351.20');
  });
});

describe('CrmDashboardPage (demo)', () => {
  it('shows every customer field, money in the reader’s format, and filters the list', async () => {
    const user = userEvent.setup();
    renderWithApp(<CrmDashboardPage />);
    expect(screen.getByTestId('figure-pipeline').textContent).toContain('£90,950.50');
    const olivia = screen.getAllByTestId('customer')[0];
    if (!olivia) throw new Error('no customer');
    for (const text of [
      'Olivia Bennett',
      'Bennett Logistics',
      '£12,500.00',
      'Qualified',
      'High',
      '+44 20 7946 0101',
      'olivia.bennett@example.com',
      '14 Harbour Road, Bristol BS1 5TT',
      'Website',
      'Sarah Johnson',
      'Decision maker',
      'Budget approved',
      'Wants 40 SIP lines for three depots; proposal sent on Monday.',
    ])
      expect(within(olivia).getByText(text)).toBeTruthy();
    expect(screen.getByTestId('customers-shown').textContent).toBe('Showing 8 of 8 customers');

    await user.selectOptions(screen.getByLabelText('Priority'), 'urgent');
    expect(names()).toEqual(['Lukas Weber', 'Diego Fernández']);
    await user.type(screen.getByLabelText('Search'), 'trade show');
    expect(names()).toEqual(['Diego Fernández']);
    expect(screen.getByTestId('customers-shown').textContent).toBe('Showing 1 of 8 customers');
    await user.selectOptions(screen.getByLabelText('Status'), 'sale');
    expect(screen.getByText('No customers match these filters.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(names()).toHaveLength(8);

    const tickets = screen.getByRole('table', { name: 'Support tickets' });
    expect(within(tickets).getAllByRole('row')).toHaveLength(6);
    expect(within(tickets).getByText('Number porting is overdue')).toBeTruthy();
  });
});
