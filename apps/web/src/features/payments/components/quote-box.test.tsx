import type { Quote } from '@parley/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QuoteBox } from './quote-box';

const ADDRESS = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const quote: Quote = {
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
};

const renderBox = (state: 'quoted' | 'expired', onQuote = vi.fn()) =>
  render(
    <QuoteBox
      state={state}
      quote={quote}
      currency="BTC"
      quoting={false}
      onQuote={onQuote}
      onExpire={() => {}}
      txHash=""
      onTxHash={() => {}}
      hashValid
      hashMissing={false}
      submitting={false}
      submitted={false}
    />,
  );

describe('QuoteBox', () => {
  it('shows the amount, address, Copy and QR while the quote holds', () => {
    renderBox('quoted');
    expect(screen.getByRole('heading', { name: /Send exactly\s+0\.00157895 BTC/ })).toBeTruthy();
    expect(screen.getByText(ADDRESS)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Address' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show QR code' })).toBeTruthy();
  });

  it('once expired, shows only the expiry and the way to a new amount', async () => {
    const onQuote = vi.fn();
    renderBox('expired', onQuote);
    expect(screen.queryByRole('heading', { name: /Send exactly/ })).toBeNull();
    expect(screen.queryByText(ADDRESS)).toBeNull();
    expect(screen.queryByText(/0\.00157895/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy Address' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show QR code' })).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(
      'This amount has expired because the rate may have moved.',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Get a new amount' }));
    expect(onQuote).toHaveBeenCalledOnce();
    expect(
      (
        screen.getByRole('button', {
          name: 'Submit for manual review',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
  });
});
