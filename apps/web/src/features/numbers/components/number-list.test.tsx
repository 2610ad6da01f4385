import type { DidNumber } from '@parley/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { aUser, renderWithApp } from '@/test/render';
import { NumberList } from './number-list';

afterEach(async () => {
  await setLanguage('en');
  localStorage.clear();
});

const number = (id: string, countryCode: string): DidNumber => ({
  id,
  number: `+${id}`,
  countryCode,
  city: null,
  type: 'local',
  monthlyPrice: '1234.50',
  setupPrice: '0.00',
  currency: 'GBP',
  features: [],
});

// In the server's order (by country code): DE, GB, AT would read Germany, UK, Austria.
const NUMBERS = [number('491', 'DE'), number('441', 'GB'), number('431', 'AT')];

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
