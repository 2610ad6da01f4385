import type { Quote } from '@parley/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { CryptoPaymentForm } from './crypto-payment-form';
import type { PaymentTarget } from './use-crypto-payment';

const DERIVED = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const QUOTE_KEY = 'POST /api/payments/quote';
const CREATE_KEY = 'POST /api/transactions/create';

const watchedQuote = (over: Partial<Quote> = {}): Quote => ({
  id: 'q1',
  fiatAmount: '150.00',
  fiatCurrency: 'USD',
  currency: 'BTC',
  network: 'bitcoin',
  address: DERIVED,
  cryptoAmount: '0.00157895',
  rate: '95000',
  creditAmount: '118.50',
  expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
  uri: `bitcoin:${DERIVED}?amount=0.00157895`,
  watched: true,
  confirmationsRequired: 2,
  reference: null,
  ...over,
});

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  // No fixed wallet: the watched network comes from the coins list alone.
  api = fakeApi({
    'GET /api/payments/wallets': () => json([]),
    'GET /api/payments/coins': () => json([{ currency: 'BTC', network: 'bitcoin' }]),
    [QUOTE_KEY]: () => json(watchedQuote(), 201),
    [CREATE_KEY]: () => json({ id: 't1' }, 201),
    'GET /api/payments/quotes/q1': () =>
      json({ quote: watchedQuote(), expired: false, deposits: [] }),
    'GET /api/transactions': () => json([]),
    'GET /api/auth/user': () => json(aUser()),
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderForm = (target: PaymentTarget) =>
  renderWithApp(<CryptoPaymentForm target={target} />, { user: aUser(), path: '/payment' });

describe('a watched quote on the pay page', () => {
  it('shows its own address, waits for the payment and asks nothing of a top-up', async () => {
    renderForm({ kind: 'topup', amount: '150', currency: 'BTC' });
    await screen.findByRole('heading', { name: /Send exactly\s+0\.00157895 BTC/ });
    expect(screen.getByText(DERIVED)).toBeTruthy();
    expect(await screen.findByText('Waiting for your payment')).toBeTruthy();
    expect(screen.getByText(/Nothing to submit/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit for manual review' })).toBeNull();
    expect(api.count(CREATE_KEY)).toBe(0);
  });

  it('records a purchase without a hash as soon as it is quoted', async () => {
    const itemId = '6f1c1b2e-8f7a-4c55-9d0e-1b2c3d4e5f60';
    renderForm({ kind: 'item', itemId, name: 'Starter', price: '150.00', priceCurrency: 'USD' });
    await screen.findByText(/Your order is recorded/);
    expect(api.count(CREATE_KEY)).toBe(1);
    const body = api.calls.find((c) => c.key === CREATE_KEY)?.body as Record<string, unknown>;
    expect(body).toMatchObject({ quoteId: 'q1', walletAddress: DERIVED, itemId });
    expect(body).not.toHaveProperty('txHash');
    // The coin is locked: another quote would buy the item twice.
    await waitFor(() =>
      expect((screen.getByLabelText('Cryptocurrency') as HTMLSelectElement).disabled).toBe(true),
    );
  });
});
