import { dashboardStats } from '@parley/shared/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// The drawing's code never arrives: what the card shows without it is what this checks.
vi.mock('./lazy-drawings', async () => {
  const { lazy } = await import('react');
  return { BarsDrawing: lazy(() => new Promise<never>(() => {})) };
});

import { renderWithApp } from '@/test/render';
import { TrendsCard } from './trends-card';

const now = new Date();
const base = { transactionCount: 0, balance: '120.00', timeframeDays: 30, now };

describe('TrendsCard', () => {
  it('says there is nothing yet when the four weeks are empty, instead of a chart of zeros', () => {
    renderWithApp(<TrendsCard stats={dashboardStats({ ...base, spend: [] })} />);
    const card = screen.getByRole('region', { name: 'Weekly Trends' });
    expect(within(card).getByText('Nothing spent in the last 4 weeks yet')).toBeTruthy();
    expect(within(card).queryByRole('table')).toBeNull();
    expect(within(card).queryByTestId('chart-box')).toBeNull();
  });

  it('draws the weeks once anything was spent', () => {
    const spend = [
      {
        amount: '2.50',
        serviceName: 'SMS',
        at: new Date(now.getTime() - 86_400_000).toISOString(),
        status: 'approved',
        kind: 'sms',
        usage: true,
      },
    ];
    renderWithApp(<TrendsCard stats={dashboardStats({ ...base, transactionCount: 1, spend })} />);
    const card = screen.getByRole('region', { name: 'Weekly Trends' });
    expect(within(card).getByRole('table')).toBeTruthy();
    expect(within(card).getByText('£2.50 (Payments: 1)')).toBeTruthy();
    expect(within(card).queryByText('Nothing spent in the last 4 weeks yet')).toBeNull();
  });
});
