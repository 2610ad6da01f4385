import type { DidNumber } from '@parley/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { aUser, renderWithApp } from '@/test/render';
import { NumberList } from './number-list';

afterEach(async () => {
  await setLanguage('en');
  localStorage.clear();
});

const aNumber = (id: string, countryCode: string): DidNumber => ({
  id,
  number: `+${id}`,
  countryCode,
  city: null,
  type: 'local',
  monthlyPrice: '1234.50',
  setupPrice: '0.00',
  currency: 'GBP',
  features: [],
  balanceMonthlyPrice: null,
  balanceSetupPrice: null,
});

// In the server's order (by country code): DE, GB, AT would read Germany, UK, Austria.
const NUMBERS = [aNumber('491', 'DE'), aNumber('441', 'GB'), aNumber('431', 'AT')];

const headings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('NumberList', () => {
  it('lists countries by name in the reader’s language, with formatted prices', async () => {
    renderWithApp(<NumberList numbers={NUMBERS} />, { user: aUser() });
    expect(headings()).toEqual(['Austria', 'Germany', 'United Kingdom']);
    expect(screen.getAllByText('£1,234.50 per month')).toHaveLength(3);

    await setLanguage('de');
    renderWithApp(<NumberList numbers={NUMBERS} />, { user: aUser() });
    expect(headings().slice(3)).toEqual(['Deutschland', 'Österreich', 'Vereinigtes Königreich']);
  });
});

const number = (over: Partial<DidNumber>): DidNumber => ({
  id: 'n1',
  number: '+12125550100',
  countryCode: 'US',
  city: 'New York',
  type: 'local',
  monthlyPrice: '2.00',
  setupPrice: '5.00',
  currency: 'USD',
  features: [],
  balanceMonthlyPrice: '1.58',
  balanceSetupPrice: '3.95',
  ...over,
});

describe('NumberList prices', () => {
  it('shows each USD price with its GBP amount today, and none without a fresh rate', () => {
    renderWithApp(
      <NumberList
        numbers={[
          number({}),
          number({
            id: 'n2',
            number: '+12125550101',
            balanceMonthlyPrice: null,
            balanceSetupPrice: null,
          }),
        ]}
      />,
    );
    const [first, second] = screen.getAllByRole('listitem');
    const amounts = within(first as HTMLElement).getAllByTestId('gbp-amount');
    expect(amounts.map((a) => a.textContent)).toEqual([
      "≈ \u2068£1.58\u2069 at today's rate",
      "≈ \u2068£3.95\u2069 at today's rate",
    ]);
    expect(first?.textContent).toContain('$2.00 per month');
    expect(within(second as HTMLElement).queryByTestId('gbp-amount')).toBeNull();
    expect(second?.textContent).toContain('$2.00 per month');
  });
});
