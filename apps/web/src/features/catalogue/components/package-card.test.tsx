import type { Package } from '@parley/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { renderWithApp } from '@/test/render';
import { PackageCard } from './package-card';

const pkg = (over: Partial<Package>): Package => ({
  id: 'p1',
  serviceId: 's1',
  serviceSlug: 'smtp',
  name: 'SMTP Basic',
  description: 'Mail relay',
  price: '9.00',
  currency: 'USD',
  billingPeriod: 'monthly',
  features: [],
  isPopular: false,
  isAddon: false,
  fulfilment: 'automatic',
  isActive: true,
  balancePrice: '7.11',
  ...over,
});

afterEach(() => setLanguage('en'));

describe('PackageCard prices', () => {
  it('shows a USD price with the GBP amount the balance pays today', () => {
    renderWithApp(<PackageCard pkg={pkg({})} action={null} />);
    expect(screen.getByText(/\$9\.00/)).toBeTruthy();
    expect(screen.getByTestId('gbp-amount').textContent).toBe(
      "≈ \u2068£7.11\u2069 at today's rate",
    );
  });

  it('shows a GBP price alone, and a USD price alone while there is no fresh rate', () => {
    renderWithApp(
      <>
        <PackageCard
          pkg={pkg({ currency: 'GBP', price: '99.00', balancePrice: '99.00' })}
          action={null}
        />
        <PackageCard pkg={pkg({ id: 'p2', name: 'Other', balancePrice: null })} action={null} />
      </>,
    );
    expect(screen.queryByTestId('gbp-amount')).toBeNull();
  });

  it('says it in Arabic with the narrow £', async () => {
    await setLanguage('ar');
    renderWithApp(<PackageCard pkg={pkg({})} action={null} />);
    const text = screen.getByTestId('gbp-amount').textContent ?? '';
    expect(text).toContain('بسعر اليوم');
    expect(text).toContain('£');
    expect(text).not.toMatch(/UK|GB/);
  });
});
