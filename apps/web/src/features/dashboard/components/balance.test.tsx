import { dashboardStats } from '@parley/shared/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aUser, renderWithApp } from '@/test/render';
import { BalanceCard } from './balance-card';
import { StatTiles } from './stat-tiles';

describe('the dashboard balance', () => {
  const balance = '24.9960';
  const stats = dashboardStats({
    spend: [],
    transactionCount: 0,
    balance,
    timeframeDays: 30,
    now: new Date(),
  });

  it('is shown to the penny, rounded down so it never shows money that is not there', () => {
    // The figures derived from it (the projections) start from the same penny.
    expect(stats.balance).toBe('24.99');
    renderWithApp(
      <>
        <BalanceCard balance={balance} />
        <StatTiles balance={balance} stats={stats} timeframe="30" loading={false} />
      </>,
      { user: aUser({ cryptoBalance: balance }) },
    );
    expect(screen.getByTestId('balance').textContent).toBe('£24.99');
    const tile = within(screen.getByRole('region', { name: 'Overview' }))
      .getByText('Available Balance')
      .closest('li');
    expect(tile?.textContent).toContain('£24.99');
    expect(screen.queryByText('£25.00')).toBeNull();
  });
});
