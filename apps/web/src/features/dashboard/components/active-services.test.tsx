import type { Order } from '@parley/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aUser, renderWithApp } from '@/test/render';
import { ActiveServices } from './active-services';

const order = (over: Partial<Order>): Order => ({
  id: 'o1',
  itemKind: 'package',
  itemId: 'p1',
  name: 'Data Leads',
  price: '50.00',
  priceCurrency: 'USD',
  charged: '39.50',
  paidWith: 'balance',
  billingPeriod: 'one-time',
  status: 'active',
  renewsAt: null,
  createdAt: '2026-11-03T10:00:00.000Z',
  fulfilment: null,
  ...over,
});

describe('ActiveServices: a one-off purchase', () => {
  it('shows a USD price with the GBP its purchase charged the balance', () => {
    renderWithApp(<ActiveServices orders={[order({})]} subscriptions={[]} isPending={false} />, {
      user: aUser(),
    });
    expect(screen.getByText(/\$50\.00/)).toBeTruthy();
    expect(screen.getByTestId('gbp-amount').textContent).toBe(
      '\u2068£39.50\u2069 from your balance',
    );
  });

  it('adds nothing to a GBP price, nor to one paid in crypto', () => {
    renderWithApp(
      <ActiveServices
        orders={[
          order({ priceCurrency: 'GBP', price: '39.50' }),
          order({ id: 'o2', paidWith: 'crypto' }),
        ]}
        subscriptions={[]}
        isPending={false}
      />,
      { user: aUser() },
    );
    expect(screen.queryByTestId('gbp-amount')).toBeNull();
  });
});

describe('ActiveServices: an item our team sets up', () => {
  it('shows it as being set up, with who acts next, until it is done; then active', () => {
    const { unmount } = renderWithApp(
      <ActiveServices
        orders={[order({ fulfilment: 'open' })]}
        subscriptions={[]}
        isPending={false}
      />,
      { user: aUser() },
    );
    expect(screen.getByText('Being set up')).toBeTruthy();
    expect(
      screen.getByText('Our team is setting this up and will contact you in the chat.'),
    ).toBeTruthy();
    unmount();
    renderWithApp(
      <ActiveServices
        orders={[order({ fulfilment: 'done' })]}
        subscriptions={[]}
        isPending={false}
      />,
      { user: aUser() },
    );
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.queryByText('Being set up')).toBeNull();
  });
});
