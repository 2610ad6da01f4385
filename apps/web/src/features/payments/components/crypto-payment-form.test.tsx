import type { Quote } from '@parley/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { spyOnToasts } from '@/test/toasts';
import { CryptoPaymentForm } from './crypto-payment-form';
import { REDIRECT_DELAY_MS } from './use-crypto-payment';

const showToast = spyOnToasts();

const ADDRESS = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const QUOTE_KEY = 'POST /api/payments/quote';
const CREATE_KEY = 'POST /api/transactions/create';

const aQuote = (over: Partial<Quote> = {}): Quote => ({
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
  watched: false,
  confirmationsRequired: null,
  reference: null,
  ...over,
});

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi({
    'GET /api/payments/wallets': () =>
      json([{ id: 'w1', currency: 'BTC', network: 'bitcoin', address: ADDRESS }]),
    [QUOTE_KEY]: () => json(aQuote()),
    [CREATE_KEY]: () => json({ id: 't1' }, 201),
    'GET /api/transactions': () => json([]),
    'GET /api/auth/user': () => json(aUser()),
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  showToast.mockClear();
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const renderForm = (amount: string | null = '150') =>
  renderWithApp(
    <Routes>
      <Route
        path="/payment"
        element={
          <>
            <CryptoPaymentForm target={{ kind: 'topup', amount, currency: 'BTC' }} />
            <Link to="/elsewhere">Leave</Link>
          </>
        }
      />
      <Route path="*" element={<Where />} />
    </Routes>,
    { user: aUser(), path: '/payment' },
  );

const amountField = () => screen.getByLabelText('Amount (USD)') as HTMLInputElement;
const verifyButton = () =>
  screen.getByRole('button', { name: 'Submit for manual review' }) as HTMLButtonElement;

/** The page asks for the quote itself: no click between the amount and the address. */
async function quoted(_user: ReturnType<typeof userEvent.setup>, hash = 'b'.repeat(64)) {
  await screen.findByRole('heading', { name: /Send exactly\s+0\.00157895 BTC/ });
  if (hash)
    fireEvent.change(screen.getByLabelText('Transaction hash'), { target: { value: hash } });
}

describe('CryptoPaymentForm', () => {
  it('shows the address at once, what the top-up credits, and copies the exact amount', async () => {
    const user = userEvent.setup();
    renderForm();
    await screen.findByRole('heading', { name: /Send exactly\s+0\.00157895 BTC/ });
    expect(api.count(QUOTE_KEY)).toBe(1);
    expect(api.calls.find((c) => c.key === QUOTE_KEY)?.body).toMatchObject({ amount: '150' });
    expect(screen.queryByRole('button', { name: 'Get payment address' })).toBeNull();
    const plain = (text: string | null | undefined) => text?.replace(/[\u2066-\u2069]/g, '');
    expect(
      screen.getByText(
        (_, el) =>
          el?.tagName === 'P' &&
          plain(el.textContent) === 'Credits £118.50 to your balance once approved.',
      ),
    ).toBeTruthy();
    // What happens next is a person checking it, and the button says so.
    expect(verifyButton()).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Verify Payment/ })).toBeNull();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    try {
      await user.click(screen.getByRole('button', { name: 'Copy Amount' }));
      expect(writeText).toHaveBeenCalledWith('0.00157895');
    } finally {
      // happy-dom's clipboard is on the prototype: removing the own one brings it back for
      // the files after this one, which share the page.
      Reflect.deleteProperty(navigator, 'clipboard');
    }
    // A quote is showing: Enter in the amount changes nothing and submits nothing.
    await user.type(amountField(), '{Enter}');
    expect(api.count(QUOTE_KEY)).toBe(1);
    expect(api.count(CREATE_KEY)).toBe(0);
  });

  it('offers only coins that can be paid, and their chains', async () => {
    api.routes['GET /api/payments/wallets'] = () =>
      json([
        { id: 'w1', currency: 'BTC', network: 'bitcoin', address: ADDRESS },
        {
          id: 'w2',
          currency: 'USDT',
          network: 'tron',
          address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        },
      ]);
    const user = userEvent.setup();
    renderForm();
    await screen.findByRole('heading', { name: /Send exactly/ });
    const coins = screen.getByLabelText('Cryptocurrency') as HTMLSelectElement;
    expect([...coins.options].map((o) => o.value)).toEqual(['BTC', 'USDT']);
    await user.selectOptions(coins, 'USDT');
    const chains = screen.getByLabelText('Network') as HTMLSelectElement;
    expect([...chains.options].map((o) => o.value)).toEqual(['tron']);
    // Another coin is asked for at once too.
    await waitFor(() => expect(api.count(QUOTE_KEY)).toBe(2));
    expect(api.calls.filter((c) => c.key === QUOTE_KEY)[1]?.body).toMatchObject({
      currency: 'USDT',
      network: 'tron',
    });
  });

  it('a coin the link named that cannot be paid gives way to one that can', async () => {
    renderWithApp(
      <CryptoPaymentForm target={{ kind: 'topup', amount: '150', currency: 'ETH' }} />,
      {
        user: aUser(),
      },
    );
    await screen.findByRole('heading', { name: /Send exactly/ });
    expect((screen.getByLabelText('Cryptocurrency') as HTMLSelectElement).value).toBe('BTC');
    expect(api.calls.find((c) => c.key === QUOTE_KEY)?.body).toMatchObject({ currency: 'BTC' });
  });

  it('says so when no coin can be paid, and asks for nothing', async () => {
    api.routes['GET /api/payments/wallets'] = () => json([]);
    renderForm();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No cryptocurrency can be paid in right now. Please contact support.',
    );
    expect(api.count(QUOTE_KEY)).toBe(0);
  });

  it('asks for a quote on Enter once the amount changed, and never pays from there', async () => {
    const user = userEvent.setup();
    renderForm();
    await screen.findByRole('heading', { name: /Send exactly/ });
    await user.clear(amountField());
    await user.type(amountField(), '160');
    // Typing asks nothing: each keystroke would lock a quote.
    expect(api.count(QUOTE_KEY)).toBe(1);
    await user.type(amountField(), '{Enter}');
    await waitFor(() => expect(api.count(QUOTE_KEY)).toBe(2));
    expect(api.calls.filter((c) => c.key === QUOTE_KEY)[1]?.body).toMatchObject({ amount: '160' });
    await screen.findByRole('heading', { name: /Send exactly/ });
    await user.type(amountField(), '{Enter}');
    expect(api.count(QUOTE_KEY)).toBe(2);
    expect(api.count(CREATE_KEY)).toBe(0);
  });

  it('compares the minimum exactly: 99.99 is refused, 100.00 is quoted', async () => {
    const user = userEvent.setup();
    renderForm('99.99');
    const get = await screen.findByRole('button', { name: 'Get payment address' });
    await waitFor(() => expect(get).toHaveProperty('disabled', false));
    await user.click(get);
    expect(screen.getByRole('alert').textContent).toBe('Minimum deposit is $100 USD');
    expect(api.count(QUOTE_KEY)).toBe(0);

    await user.clear(amountField());
    await user.type(amountField(), '100.00');
    await user.click(screen.getByRole('button', { name: 'Get payment address' }));
    await screen.findByRole('heading', { name: /Send exactly/ });
    expect(api.count(QUOTE_KEY)).toBe(1);
  });

  it('needs the transaction hash, says why, and sends nothing without it', async () => {
    const user = userEvent.setup();
    renderForm();
    await quoted(user, '');
    const hash = screen.getByLabelText('Transaction hash');
    expect(hash.getAttribute('aria-required')).toBe('true');
    expect(screen.getByText(/every customer pays the same address/)).toBeTruthy();
    expect(screen.getByText(/This amount is yours alone/)).toBeTruthy();
    await user.click(verifyButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Enter the transaction hash of your payment; without it the payment cannot be matched to you.',
    );
    expect(document.activeElement).toBe(hash);
    expect(api.count(CREATE_KEY)).toBe(0);
    fireEvent.change(hash, { target: { value: 'c'.repeat(64) } });
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(verifyButton());
    await waitFor(() => expect(api.count(CREATE_KEY)).toBe(1));
    expect(api.calls.find((c) => c.key === CREATE_KEY)?.body).toMatchObject({
      txHash: 'c'.repeat(64),
      quoteId: 'q1',
    });
  });

  it('after a successful payment stays disabled and opens the dashboard once, 1.5 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderForm();
    await quoted(user);
    await user.click(verifyButton());
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        'success',
        'Success',
        'Payment submitted. We will credit it once it is confirmed.',
      ),
    );
    expect(verifyButton().disabled).toBe(true);
    expect(amountField().matches(':disabled')).toBe(true);
    expect(screen.getByLabelText('Cryptocurrency').matches(':disabled')).toBe(true);
    expect(screen.getByLabelText('Transaction hash').matches(':disabled')).toBe(true);
    // Enter or a second submit sends nothing more.
    fireEvent.submit(verifyButton().closest('form') as HTMLFormElement);
    expect(api.count(CREATE_KEY)).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS - 100));
    expect(screen.queryByTestId('where')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByTestId('where').textContent).toBe('/dashboard');
    expect(api.count(CREATE_KEY)).toBe(1);
  });

  it('does not open the dashboard when the customer left the page first', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderForm();
    await quoted(user);
    await user.click(verifyButton());
    await waitFor(() => expect(verifyButton().disabled).toBe(true));
    await user.click(screen.getByRole('link', { name: 'Leave' }));
    expect(screen.getByTestId('where').textContent).toBe('/elsewhere');
    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS * 2));
    expect(screen.getByTestId('where').textContent).toBe('/elsewhere');
  });

  it('offers a new amount when the server says the quote expired; not twice at once', async () => {
    const user = userEvent.setup();
    api.routes[CREATE_KEY] = () => apiError(409, 'QUOTE_EXPIRED', 'Quote expired');
    renderForm();
    await quoted(user);
    await user.click(verifyButton());
    expect(
      (await screen.findByRole('alert')).textContent,
      'the expired state, not a generic failure',
    ).toBe('This amount has expired because the rate may have moved.');
    expect(verifyButton().disabled).toBe(true);
    expect(showToast).not.toHaveBeenCalled();

    let answer: (r: Response) => void = () => {};
    api.routes[QUOTE_KEY] = () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      });
    await user.click(screen.getByRole('button', { name: 'Get a new amount' }));
    const loading = await screen.findByRole('button', { name: 'Loading...' });
    expect(loading).toHaveProperty('disabled', true);
    await user.click(loading);
    expect(api.count(QUOTE_KEY)).toBe(2);

    answer(json(aQuote({ id: 'q2', cryptoAmount: '0.00158000' })));
    await screen.findByRole('heading', { name: /Send exactly\s+0\.00158000 BTC/ });
    expect(screen.getByText(/This amount is held for/)).toBeTruthy();
    expect(verifyButton().disabled).toBe(false);
  });
});
