import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { CryptoPaymentForm } from './crypto-payment-form';

const QUOTE_KEY = 'POST /api/payments/quote';
let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi({
    'GET /api/payments/wallets': () =>
      json([{ id: 'w1', currency: 'BTC', network: 'bitcoin', address: 'addr' }]),
  });
});
afterEach(() => vi.unstubAllGlobals());

async function messageFor(amount: string) {
  const user = userEvent.setup();
  const view = renderWithApp(
    <CryptoPaymentForm target={{ kind: 'topup', amount, currency: 'BTC' }} />,
    { user: aUser(), path: '/payment' },
  );
  const get = await screen.findByRole('button', { name: 'Get payment address' });
  await waitFor(() => expect(get).toHaveProperty('disabled', false));
  await user.click(get);
  const text = screen.getByRole('alert').textContent;
  view.unmount();
  return text;
}

describe('the top-up amount messages', () => {
  it('keeps the minimum message for numbers below 100', async () => {
    expect(await messageFor('99.99')).toBe('Minimum deposit is $100 USD');
  });

  it('asks for dollars and cents when the amount is malformed', async () => {
    for (const amount of ['1e3', '100.005'])
      expect(await messageFor(amount), amount).toBe(
        'Enter an amount in dollars and cents, such as 150.00',
      );
  });

  it('sends amounts over 1,000,000 to sales', async () => {
    expect(await messageFor('99999999999')).toBe(
      'For amounts over $1,000,000, please contact sales.',
    );
    expect(api.count(QUOTE_KEY)).toBe(0);
  });
});
