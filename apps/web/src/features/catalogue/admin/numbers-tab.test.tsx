import type { AdminNumber } from '@parley/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { spyOnToasts } from '@/test/toasts';
import { NumbersTab } from './numbers-tab';

spyOnToasts();

afterEach(() => vi.unstubAllGlobals());

const aNumber = (i: number): AdminNumber => ({
  id: `n${i}`,
  number: `+4420794${String(i).padStart(5, '0')}`,
  countryCode: 'GB',
  city: i === 77 ? 'Westminster' : 'London',
  type: 'local',
  monthlyPrice: '5.00',
  setupPrice: '0.00',
  currency: 'USD',
  features: [],
  status: 'available',
});

/** The inventory's table rows, without its header. */
const bodyRows = () =>
  within(screen.getByRole('table', { name: 'DID Numbers' }))
    .getAllByRole('row')
    .slice(1);

function inventory(count: number) {
  let numbers = Array.from({ length: count }, (_, i) => aNumber(i + 1));
  const api = fakeApi({
    'GET /api/admin/numbers': () => json(numbers),
    'DELETE /api/admin/numbers/n101': () => {
      numbers = numbers.filter((n) => n.id !== 'n101');
      return new Response(null, { status: 204 });
    },
  });
  renderWithApp(<NumbersTab />);
  return api;
}

describe('NumbersTab pages', () => {
  it('shows a large inventory fifty rows at a time, and pages through it', async () => {
    inventory(101);
    const user = userEvent.setup();
    expect(await screen.findByText('+442079400001')).toBeTruthy();
    expect(bodyRows()).toHaveLength(50);
    const pages = screen.getByRole('navigation', { name: 'DID Numbers: pages' });
    expect(within(pages).getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.queryByText('+442079400051')).toBeNull();

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(within(pages).getByText('Page 2 of 3')).toBeTruthy();
    expect(screen.getByText('+442079400051')).toBeTruthy();
    expect(screen.queryByText('+442079400001')).toBeNull();
  });

  it('searches the whole inventory from its first page', async () => {
    inventory(101);
    const user = userEvent.setup();
    await screen.findByText('+442079400001');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    // 100 numbers in London: two pages of matches, from the first.
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'london');
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(screen.getByText('+442079400001')).toBeTruthy();
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'westminster');
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByText('+442079400077')).toBeTruthy();
    // One page of matches needs no pager.
    expect(screen.queryByRole('navigation', { name: 'DID Numbers: pages' })).toBeNull();
  });

  it('moves back a page when the last row of the last page is deleted', async () => {
    const api = inventory(101);
    const user = userEvent.setup();
    await screen.findByText('+442079400001');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(bodyRows()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Delete +442079400101' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(api.count('DELETE /api/admin/numbers/n101')).toBe(1));
    await waitFor(() => expect(screen.getByText('Page 2 of 2')).toBeTruthy());
    expect(bodyRows()).toHaveLength(50);
    expect(screen.getByText('+442079400100')).toBeTruthy();
  });

  it('shows a small inventory without a pager', async () => {
    inventory(50);
    expect(await screen.findByText('+442079400050')).toBeTruthy();
    expect(bodyRows()).toHaveLength(50);
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });
});
