import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { AddFundsDialog } from './add-funds-dialog';

beforeEach(() => {
  fakeApi({
    'GET /api/payments/coins': () => json([{ currency: 'BTC', network: 'bitcoin' }]),
  });
});
afterEach(() => vi.unstubAllGlobals());

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

describe('AddFundsDialog', () => {
  it('offers only coins that can be paid, and carries the amount and coin to the payment page', async () => {
    fakeApi({
      'GET /api/payments/coins': () =>
        json([
          { currency: 'BTC', network: 'bitcoin' },
          { currency: 'LTC', network: 'litecoin' },
        ]),
    });
    const user = userEvent.setup();
    renderWithApp(
      <Routes>
        <Route path="/dashboard" element={<AddFundsDialog />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      { user: aUser(), path: '/dashboard' },
    );
    await user.click(screen.getByRole('button', { name: 'Add Funds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Funds' });
    const coin = within(dialog).getByLabelText('Cryptocurrency') as HTMLSelectElement;
    await vi.waitFor(() => expect([...coin.options].map((o) => o.value)).toEqual(['BTC', 'LTC']));
    await user.selectOptions(coin, 'LTC');
    const amount = within(dialog).getByLabelText('Amount (USD)');
    await user.clear(amount);
    await user.type(amount, '250');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
    const where = new URL(
      (await screen.findByTestId('where')).textContent ?? '',
      'http://localhost',
    );
    expect(where.pathname).toBe('/payment');
    expect(Object.fromEntries(where.searchParams)).toMatchObject({
      service: 'balance',
      amount: '250',
      currency: 'LTC',
    });
  });

  it('focuses the amount once its error is rendered, so a screen reader reads it', async () => {
    const user = userEvent.setup();
    renderWithApp(<AddFundsDialog />, { user: aUser() });
    await user.click(screen.getByRole('button', { name: 'Add Funds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Funds' });
    const amount = within(dialog).getByLabelText('Amount (USD)');
    await user.clear(amount);
    await user.type(amount, '99');
    await user.click(within(dialog).getByLabelText('Cryptocurrency'));

    let atFocus: Record<string, string | null | undefined> = {};
    amount.addEventListener('focus', () => {
      atFocus = {
        invalid: amount.getAttribute('aria-invalid'),
        describedBy: amount.getAttribute('aria-describedby'),
        error: document.getElementById('add-funds-amount-error')?.textContent,
      };
    });
    await user.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
    expect(document.activeElement).toBe(amount);
    expect(atFocus).toEqual({
      invalid: 'true',
      describedBy: 'add-funds-amount-error',
      error: 'Minimum deposit is $100 USD',
    });
  });

  it('tells a malformed or too large amount from one below the minimum', async () => {
    const user = userEvent.setup();
    renderWithApp(<AddFundsDialog />, { user: aUser() });
    await user.click(screen.getByRole('button', { name: 'Add Funds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Funds' });
    const amount = within(dialog).getByLabelText('Amount (USD)');
    const errorFor = async (value: string) => {
      // Set as a browser keeps it: user-event would rewrite '1e3' as '1000'.
      fireEvent.change(amount, { target: { value } });
      await user.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
      return document.getElementById('add-funds-amount-error')?.textContent;
    };
    expect(await errorFor('1e3')).toBe('Enter an amount in dollars and cents, such as 150.00');
    expect(await errorFor('100.005')).toBe('Enter an amount in dollars and cents, such as 150.00');
    expect(await errorFor('99999999999')).toBe(
      'For amounts over $1,000,000, please contact sales.',
    );
    expect(await errorFor('99.5')).toBe('Minimum deposit is $100 USD');
  });
});
