import type { Package } from '@parley/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import VoipPage from './voip-page';

const plan = (id: string, name: string, price: string): Package => ({
  id,
  serviceId: 's1',
  serviceSlug: 'voip',
  name,
  description: `${name} calling`,
  price,
  currency: 'GBP',
  billingPeriod: 'monthly',
  features: ['Calls'],
  isPopular: false,
  isAddon: false,
  fulfilment: 'automatic',
  isActive: true,
  balancePrice: price,
});

const held = {
  id: 'o1',
  itemKind: 'package',
  itemId: 'p2',
  name: 'Business',
  amount: '25.00',
  status: 'active',
  autoRenew: true,
  renewsAt: '2026-12-03T10:00:00.000Z',
  graceUntil: null,
  suspendedAt: null,
  releaseAt: null,
  endedAt: null,
  createdAt: '2026-11-03T10:00:00.000Z',
};

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi({
    'GET /api/packages?service=voip&lang=en': () =>
      json([plan('p1', 'Starter', '10.00'), plan('p2', 'Business', '25.00')]),
    'GET /api/subscriptions?lang=en': () =>
      json({
        items: [held],
        available: '50.0000',
        dueIn30Days: '25.00',
        shortfall: '0.0000',
        dailyUsage: '0.0000',
        runwayDays: 60,
      }),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('VoipPage', () => {
  it('says each plan renews monthly, and marks the plan the customer holds', async () => {
    renderWithApp(<VoipPage />, { user: aUser(), path: '/voip' });
    const business = (await screen.findByRole('heading', { name: 'Business' })).closest(
      'li',
    ) as HTMLElement;
    expect(await within(business).findByText('Your plan')).toBeTruthy();
    expect(within(business).getByText('Renews on Dec 3, 2026')).toBeTruthy();
    const starter = screen.getByRole('heading', { name: 'Starter' }).closest('li') as HTMLElement;
    expect(within(starter).queryByText('Your plan')).toBeNull();
    expect(within(starter).getByText('Renews monthly; stop any time')).toBeTruthy();
  });

  it('asks a visitor for no subscriptions', async () => {
    renderWithApp(<VoipPage />, { path: '/voip' });
    expect(await screen.findByRole('heading', { name: 'Business' })).toBeTruthy();
    expect(screen.queryByText('Your plan')).toBeNull();
    expect(api.count('GET /api/subscriptions?lang=en')).toBe(0);
  });

  it('links Technical Documentation to the softphone setup guide, not to its own page', async () => {
    renderWithApp(<VoipPage />, { user: aUser(), path: '/services/voip' });
    const docs = screen.getByRole('link', { name: 'Technical Documentation' });
    expect(docs.getAttribute('href')).toBe('/sip-credentials?tab=guide');
  });
});
