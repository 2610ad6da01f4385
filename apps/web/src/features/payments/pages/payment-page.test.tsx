import type { Purchasable } from '@parley/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { spyOnToasts } from '@/test/toasts';
import PaymentPage from './payment-page';

const showToast = spyOnToasts();

const ADDRESS = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const ITEM_ID = '7b0c6a4e-3f55-4a8e-9d1c-2f3a4b5c6d7e';

const anItem = (over: Partial<Purchasable> = {}): Purchasable => ({
  kind: 'package',
  id: ITEM_ID,
  name: 'Starter (VoIP Calling)',
  description: 'Calls to 50 countries',
  price: '25.00',
  recurringPrice: '25.00',
  setupPrice: null,
  currency: 'GBP',
  billingPeriod: 'monthly',
  balancePrice: '25.00',
  balanceRenewal: '25.00',
  available: true,
  ...over,
});

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi({
    'GET /api/payments/wallets': () =>
      json([{ id: 'w1', currency: 'BTC', network: 'bitcoin', address: ADDRESS }]),
    'POST /api/payments/quote': () =>
      json({
        id: 'q1',
        fiatAmount: '150.00',
        fiatCurrency: 'USD',
        currency: 'BTC',
        network: 'bitcoin',
        address: ADDRESS,
        cryptoAmount: '0.00157895',
        rate: '95000',
        creditAmount: '118.50',
        expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
        uri: `bitcoin:${ADDRESS}?amount=0.00157895`,
      }),
    [`GET /api/orders/items/${ITEM_ID}?lang=en`]: () => json(anItem()),
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = (path: string, balance = '12.50') =>
  renderWithApp(
    <Routes>
      <Route
        path="/payment"
        element={
          <>
            <PaymentPage />
            <Link to="/payment?service=balance&amount=200">Another amount</Link>
          </>
        }
      />
    </Routes>,
    { user: aUser({ cryptoBalance: balance }), path },
  );

/** Every aria-labelledby names an element that is there. */
function expectNoDanglingLabels() {
  for (const el of document.querySelectorAll('[aria-labelledby]'))
    for (const id of el.getAttribute('aria-labelledby')?.split(/\s+/) ?? [])
      expect(document.getElementById(id), `#${id}`).not.toBeNull();
}

describe('PaymentPage', () => {
  it('has its own back link and no label pointing at a missing heading for a top-up', async () => {
    renderPage('/payment?service=balance&amount=150');
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(await screen.findByLabelText('Amount (USD)')).toHaveProperty('value', '150');
    expect(screen.queryByRole('heading', { name: 'Or pay in cryptocurrency' })).toBeNull();
    expectNoDanglingLabels();
  });

  it('starts a fresh form when the query string names another target', async () => {
    const user = userEvent.setup();
    renderPage('/payment?service=balance&amount=150');
    // The address comes without a click.
    await screen.findByRole('heading', { name: /Send exactly/ });
    await user.type(screen.getByLabelText('Transaction hash'), 'abc');

    await user.click(screen.getByRole('link', { name: 'Another amount' }));
    expect(screen.getByLabelText('Amount (USD)')).toHaveProperty('value', '200');
    // A new quote for the new amount; the hash typed for the old one is gone.
    const quotes = () => api.calls.filter((c) => c.key === 'POST /api/payments/quote');
    await waitFor(() => expect(quotes()).toHaveLength(2));
    expect(quotes()[1]?.body).toMatchObject({ amount: '200' });
    expect(await screen.findByLabelText('Transaction hash')).toHaveProperty('value', '');
  });

  it('words a number from the link in the page language', () => {
    renderPage(
      '/payment?service=did&type=local&number=%2B12125550100&price=7.50&location=New+York',
    );
    // The number is isolated left to right, so in Arabic its plus sign stays in front.
    expect(screen.getByText('Number: \u2068+12125550100\u2069 in New York')).toBeTruthy();
  });

  it("shows a number's monthly price and setup fee apart, and pays from balance only once confirmed", async () => {
    api.routes[`GET /api/orders/items/${ITEM_ID}?lang=en`] = () =>
      json(
        anItem({
          kind: 'number',
          name: '+493025583741',
          description: '',
          price: '5.50',
          recurringPrice: '3.50',
          setupPrice: '2.00',
          currency: 'USD',
          balancePrice: '4.38',
          balanceRenewal: '2.79',
        }),
      );
    api.routes['POST /api/orders'] = () => json({}, 201);
    renderPage(
      `/payment?service=did&type=local&number=%2B493025583741&price=3.50&item=${ITEM_ID}`,
      '10.00',
    );
    expect(await screen.findByText('$3.50')).toBeTruthy();
    const breakdown = screen.getByTestId('price-breakdown');
    expect(breakdown.textContent).toBe(
      'One-time setup fee$2.00Due today (setup and first month)$5.50',
    );
    // It says it renews, and for how much once the setup fee is paid.
    expect(
      within(screen.getByRole('region', { name: 'Pay from balance' })).getByText(
        '£4.38 now, then £2.79 monthly; stop any time',
      ),
    ).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Pay £4.38 from balance' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Pay from your balance?' });
    expect(dialog.textContent).toContain(
      '\u2068£4.38\u2069 will be taken from your balance for \u2068+493025583741\u2069.',
    );
    expect(dialog.textContent).toContain('£4.38 now, then £2.79 monthly; stop any time');
    expect(api.count('POST /api/orders')).toBe(0);
    // Once bought, the number is no longer for sale: the page drops the balance section.
    api.routes['POST /api/orders'] = () => {
      api.routes[`GET /api/orders/items/${ITEM_ID}?lang=en`] = () =>
        json(anItem({ kind: 'number', available: false }));
      return json({}, 201);
    };
    await user.click(within(dialog).getByRole('button', { name: 'Pay £4.38' }));
    await waitFor(() => expect(api.count('POST /api/orders')).toBe(1));
    // The purchase is still confirmed, not lost with the section.
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        'success',
        'Success',
        'Purchase complete. Your service is active.',
      ),
    );
  });

  it('buys a trunk add-on for the trunk its link names, and ignores a malformed one', async () => {
    const TRUNK = '11111111-1111-4111-8111-111111111111';
    api.routes['POST /api/orders'] = () => json({}, 201);
    const buyFrom = async (trunk: string) => {
      const view = renderPage(
        `/payment?service=sip-trunk&type=Failover&price=20.00&item=${ITEM_ID}&trunk=${trunk}`,
        '50.00',
      );
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Pay £25.00 from balance' }));
      const dialog = await screen.findByRole('alertdialog');
      await user.click(within(dialog).getByRole('button', { name: 'Pay £25.00' }));
      await waitFor(() =>
        expect(api.calls.filter((c) => c.key === 'POST /api/orders')).toHaveLength(1),
      );
      const body = api.calls.find((c) => c.key === 'POST /api/orders')?.body as Record<
        string,
        unknown
      >;
      view.unmount();
      api.calls.length = 0;
      return body;
    };
    expect((await buyFrom(TRUNK)).trunkId).toBe(TRUNK);
    expect(await buyFrom('not-a-trunk')).not.toHaveProperty('trunkId');
  });

  it('says nothing of renewing for a one-off purchase', async () => {
    api.routes[`GET /api/orders/items/${ITEM_ID}?lang=en`] = () =>
      json(anItem({ recurringPrice: null, billingPeriod: 'one-time', balanceRenewal: null }));
    renderPage(`/payment?service=voip&type=Starter&price=25.00&item=${ITEM_ID}`, '40.00');
    const balance = await screen.findByRole('region', { name: 'Pay from balance' });
    expect(
      await within(balance).findByRole('button', { name: 'Pay £25.00 from balance' }),
    ).toBeTruthy();
    expect(within(balance).queryByText(/monthly/)).toBeNull();
  });

  it('shows the balance to the penny, rounded down, next to the price it does not cover', async () => {
    renderPage(`/payment?service=voip&type=Starter&price=25.00&item=${ITEM_ID}`, '24.9960');
    const balance = await screen.findByRole('region', { name: 'Pay from balance' });
    expect(within(balance).getByText('Your balance: £24.99')).toBeTruthy();
    expect(within(balance).getByText(/^Your balance does not cover £25\.00\./)).toBeTruthy();
    expect(within(balance).queryByRole('button')).toBeNull();
    // A plan costs the same each month: it says so, and that it can be stopped.
    expect(
      within(balance).getByText('£25.00 now, then £25.00 monthly; stop any time'),
    ).toBeTruthy();
    // The crypto form of an item sits under its own heading.
    expect(screen.getByRole('region', { name: 'Or pay in cryptocurrency' })).toBeTruthy();
    expectNoDanglingLabels();
    expect(api.count(`GET /api/orders/items/${ITEM_ID}?lang=en`)).toBe(1);
  });
});
