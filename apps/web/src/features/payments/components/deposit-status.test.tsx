import type { QuoteDeposit, QuoteStatus } from '@parley/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { depositLine, withDeposit } from '../deposit-state';
import { DepositStatus, DepositStatusText } from './deposit-status';

const deposit = (over: Partial<QuoteDeposit> = {}): QuoteDeposit => ({
  id: 'd1',
  amount: '0.00157895',
  currency: 'BTC',
  status: 'seen',
  confirmations: 0,
  required: 2,
  late: false,
  creditAmount: null,
  seenAt: '2026-03-01T12:00:00.000Z',
  creditedAt: null,
  flagged: false,
  ...over,
});

const textOf = (deposits: QuoteDeposit[]) => {
  const { container, unmount } = render(<DepositStatusText line={depositLine(deposits)} />);
  const text = container.textContent;
  unmount();
  return text;
};

describe('the live line of a watched quote', () => {
  it('waits, counts confirmations, then says what was credited', () => {
    expect(textOf([])).toBe('Waiting for your payment');
    expect(textOf([deposit({ confirmations: 1 })])).toBe('Payment seen: 1 of 2 confirmations');
    // More confirmations than needed before the credit lands never reads "3 of 2".
    expect(textOf([deposit({ confirmations: 3 })])).toBe('Payment seen: 2 of 2 confirmations');
    expect(
      textOf([deposit({ status: 'credited', confirmations: 2, creditAmount: '118.5000' })]),
    ).toBe('Credited \u2066£118.50\u2069 to your balance');
  });

  it('says when a late payment was credited at the day’s rate, and when one was dropped', () => {
    expect(textOf([deposit({ status: 'credited', late: true, creditAmount: '100.0000' })])).toBe(
      "Credited \u2066£100.00\u2069 to your balance at today's rate because it arrived after the quote expired",
    );
    expect(textOf([deposit({ status: 'dropped' })])).toBe(
      'The payment you sent is no longer on the network; waiting for your payment',
    );
    // A payment seen after another was dropped counts its confirmations.
    expect(textOf([deposit({ status: 'dropped' }), deposit({ id: 'd2', confirmations: 1 })])).toBe(
      'Payment seen: 1 of 2 confirmations',
    );
  });

  it('writes an event into the status: a new deposit, then the same one moving on', () => {
    const status = { quote: {}, expired: false, deposits: [] } as unknown as QuoteStatus;
    const event = {
      userId: 'u1',
      id: 'd1',
      quoteId: 'q1',
      network: 'bitcoin',
      currency: 'BTC',
      amount: '0.00157895',
      status: 'seen' as const,
      confirmations: 1,
      required: 2,
      late: false,
      creditAmount: null,
      flagged: false,
    };
    const seen = withDeposit(status, event);
    expect(depositLine(seen.deposits)).toEqual({ kind: 'seen', confirmations: 1, required: 2 });
    const credited = withDeposit(seen, {
      ...event,
      status: 'credited',
      confirmations: 2,
      creditAmount: '118.5000',
    });
    expect(credited.deposits).toHaveLength(1);
    expect(credited.deposits[0]?.seenAt).toBe(seen.deposits[0]?.seenAt);
    expect(depositLine(credited.deposits)).toEqual({
      kind: 'credited',
      credit: '118.5000',
      late: false,
    });
  });

  it('reads the quote on load into a polite live region', async () => {
    fakeApi({
      'GET /api/payments/quotes/q1': () =>
        json({ quote: {}, expired: false, deposits: [deposit({ confirmations: 1 })] }),
    });
    renderWithApp(<DepositStatus quoteId="q1" />);
    const line = await screen.findByText('Payment seen: 1 of 2 confirmations');
    expect(line.getAttribute('aria-live')).toBe('polite');
  });
});
