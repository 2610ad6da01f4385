import type { DidNumber } from '@parley/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { NumberList } from './number-list';

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
