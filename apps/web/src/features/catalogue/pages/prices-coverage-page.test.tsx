import type { CountryPricing } from '@parley/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { fakeApi, json } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import PricesCoveragePage from './prices-coverage-page';

const aRow = (over: Partial<CountryPricing>): CountryPricing => ({
  id: over.countryCode ?? 'x',
  countryName: 'Germany',
  countryCode: 'DE',
  region: 'Europe',
  smsPrice: '0.0800',
  voipPrice: '0.0200',
  didPrice: '2.00',
  sipTrunkPrice: '10.00',
  currency: 'USD',
  isActive: true,
  ...over,
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en');
});

function showPrices() {
  fakeApi({
    'GET /api/country-pricing': () =>
      json([
        aRow({}),
        aRow({ id: 'k', countryName: 'Kosovo (stored)', countryCode: null }),
        aRow({ id: 'j', countryName: 'Japan', countryCode: 'JP', region: 'Asia (East & South)' }),
      ]),
  });
  renderWithApp(<PricesCoveragePage />);
}

describe('PricesCoveragePage', () => {
  it('names countries in German by their code, the code apart and left to right', async () => {
    await setLanguage('de');
    showPrices();
    const cell = (await screen.findByText('Deutschland')).closest('td') as HTMLElement;
    expect(cell.textContent).toBe('Deutschland (DE)');
    // An SVG flag file, not an emoji.
    expect(cell.querySelector('img')?.getAttribute('src')).toMatch(/\/de(-[\w-]+)?\.svg(\?.*)?$/);
    const code = within(cell).getByText('DE');
    expect(code.tagName).toBe('BDI');
    expect(code.getAttribute('dir')).toBe('ltr');
    expect(screen.getByText('Japan')).toBeTruthy();
    // Without a code, the stored name.
    expect(screen.getByText('Kosovo (stored)')).toBeTruthy();
    expect(screen.queryByText('Germany')).toBeNull();
  });

  it('keeps the name and the code apart in Arabic', async () => {
    await setLanguage('ar');
    showPrices();
    const cell = (await screen.findByText('ألمانيا')).closest('td') as HTMLElement;
    expect(cell.textContent).toBe('ألمانيا (DE)');
    expect(within(cell).getByText('DE').getAttribute('dir')).toBe('ltr');
  });
});
