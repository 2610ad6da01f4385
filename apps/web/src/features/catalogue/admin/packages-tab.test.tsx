import type { AdminPackage, AdminService } from '@parley/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi, json } from '@/test/fake-api';
import { PackagesTab } from './packages-tab';

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en');
});

const voip: AdminService = {
  id: 's-voip',
  name: 'VoIP Calling',
  slug: 'voip',
  description: 'Calls.',
  icon: 'phone',
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  translations: { de: { name: 'VoIP-Telefonie' } },
};

const basic: AdminPackage = {
  id: 'p1',
  serviceId: 's-voip',
  serviceSlug: 'voip',
  name: 'Basic',
  description: '',
  price: '9.99',
  currency: 'GBP',
  billingPeriod: 'monthly',
  features: [],
  isPopular: false,
  isAddon: false,
  fulfilment: 'automatic',
  isActive: true,
  translations: {},
} as AdminPackage;

function renderTab() {
  fakeApi({
    'GET /api/admin/services': () => json([voip]),
    'GET /api/admin/packages': () => json([basic]),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PackagesTab />
    </QueryClientProvider>,
  );
}

describe('PackagesTab', () => {
  it('names each package’s service, not its slug', async () => {
    renderTab();
    const row = (await screen.findByText('Basic')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('VoIP Calling')).toBeTruthy();
    expect(within(row).queryByText('voip')).toBeNull();
  });

  it('names the service in the admin’s language when it is translated', async () => {
    await setLanguage('de');
    renderTab();
    const row = (await screen.findByText('Basic')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('VoIP-Telefonie')).toBeTruthy();
  });
});
