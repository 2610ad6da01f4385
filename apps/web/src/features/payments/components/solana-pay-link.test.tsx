import type { Quote } from '@parley/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { CryptoPaymentForm } from './crypto-payment-form';
import type { PaymentTarget } from './use-crypto-payment';

// The Solana Pay spec's example recipient and reference (https://docs.solanapay.com/spec).
const WALLET = 'mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN';
const REFERENCE = '82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny';
const URI = `solana:${WALLET}?amount=1.5&reference=${REFERENCE}&label=Parley`;
const SIGNATURE =
  '4xggJV5QkMuWzkSQWzN7PgHXLLdZZPrreuvheJ8R74vSp4Ch3UaQqPSphzE6y8ujFSrTjps3rty3xut5rw9vWmQX';
const QUOTE_KEY = 'POST /api/payments/quote';
const CREATE_KEY = 'POST /api/transactions/create';

const solanaQuote: Quote = {
  id: 'q1',
  fiatAmount: '150.00',
  fiatCurrency: 'USD',
  currency: 'SOL',
  network: 'solana',
  address: WALLET,
  cryptoAmount: '1.5',
  rate: '100',
  creditAmount: '118.50',
  expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
  uri: URI,
  watched: true,
  confirmationsRequired: 1,
  reference: REFERENCE,
};

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi({
    'GET /api/payments/wallets': () =>
      json([{ id: 'w1', currency: 'SOL', network: 'solana', address: WALLET }]),
    'GET /api/payments/coins': () => json([{ currency: 'SOL', network: 'solana' }]),
    [QUOTE_KEY]: () => json(solanaQuote, 201),
    [CREATE_KEY]: () => json({ id: 't1' }, 201),
    'GET /api/payments/quotes/q1': () => json({ quote: solanaQuote, expired: false, deposits: [] }),
    'GET /api/transactions': () => json([]),
    'GET /api/auth/user': () => json(aUser()),
  });
});

const renderForm = (target: PaymentTarget) =>
  renderWithApp(<CryptoPaymentForm target={target} />, { user: aUser(), path: '/payment' });
const createBody = () =>
  api.calls.find((c) => c.key === CREATE_KEY)?.body as Record<string, unknown> | undefined;

describe('a Solana quote with a reference', () => {
  it('links to the wallet with the Solana Pay URI and keeps the hash path for other wallets', async () => {
    renderForm({ kind: 'topup', amount: '150', currency: 'SOL' });
    const link = await screen.findByRole('link', { name: 'Open in wallet' });
    expect(link.getAttribute('href')).toBe(URI);
    expect(screen.getByText(/supports Solana Pay/)).toBeTruthy();
    expect(await screen.findByText('Waiting for your payment')).toBeTruthy();
    // Nothing is sent without a signature: the watcher credits a payment carrying the reference.
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Submit for manual review' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(api.count(CREATE_KEY)).toBe(0);
    await user.click(
      screen.getByLabelText(
        'Transaction signature (only if your wallet cannot open Solana Pay links)',
      ),
    );
    await user.paste(SIGNATURE);
    await user.click(screen.getByRole('button', { name: 'Submit for manual review' }));
    await waitFor(() => expect(api.count(CREATE_KEY)).toBe(1));
    expect(createBody()).toMatchObject({ quoteId: 'q1', walletAddress: WALLET, txHash: SIGNATURE });
  }, 20_000);

  it('records a purchase only when asked, with or without a signature', async () => {
    const itemId = '6f1c1b2e-8f7a-4c55-9d0e-1b2c3d4e5f60';
    renderForm({ kind: 'item', itemId, name: 'Starter', price: '150.00', priceCurrency: 'USD' });
    await screen.findByRole('link', { name: 'Open in wallet' });
    expect(api.count(CREATE_KEY)).toBe(0);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Record my order' }));
    await screen.findByText(/Your order is recorded/);
    expect(createBody()).toMatchObject({ quoteId: 'q1', itemId });
    expect(createBody()).not.toHaveProperty('txHash');
  }, 20_000);
});
