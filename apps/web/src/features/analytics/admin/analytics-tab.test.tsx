import type { Analytics } from '@parley/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { AnalyticsTab } from './analytics-tab';

afterEach(() => vi.unstubAllGlobals());

const admin = aUser({ id: 'a1', isAdmin: true });
const figures = (over: Partial<Analytics> = {}): Analytics => ({
  currency: 'GBP',
  revenue: { total: '276.50', last30Days: '197.50' },
  customers: { total: 3, active30Days: 2 },
  payments: { pendingCount: 2, pendingValue: '381.83', approvedCount: 2, rejectedCount: 1 },
  activeOrders: { package: 2, sipDomain: 0, number: 1, total: 3 },
  customerBalances: '276.50',
  voice: {
    revenue: { total: '1.3825', last30Days: '0.1825' },
    billedMinutes: { total: '11.50', last30Days: '1.50' },
    calls: { total: 3, last30Days: 2 },
  },
  generatedAt: '2026-03-01T10:00:00.000Z',
  ...over,
});
const ledger = () => json({ users: 3, mismatches: [], hashCollisions: [] });

describe('AnalyticsTab', () => {
  it('shows the figures as last counted, and counts again on request', async () => {
    const fake = fakeApi({
      'GET /api/admin/analytics': () => json(figures()),
      'POST /api/admin/analytics/recount': () =>
        json(
          figures({
            payments: { pendingCount: 0, pendingValue: '0.00', approvedCount: 4, rejectedCount: 1 },
            generatedAt: '2026-03-01T10:05:00.000Z',
          }),
        ),
      'GET /api/admin/ledger/check': ledger,
    });
    renderWithApp(<AnalyticsTab />, { user: admin, path: '/admin?tab=analytics' });
    expect(await screen.findByText('£381.83 awaiting approval')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Count again now' }));
    expect(await screen.findByText('£0.00 awaiting approval')).toBeTruthy();
    expect(fake.count('POST /api/admin/analytics/recount')).toBe(1);
  });

  it('says so when the count fails, and keeps the figures it had', async () => {
    fakeApi({
      'GET /api/admin/analytics': () => json(figures()),
      'POST /api/admin/analytics/recount': () => apiError(500, 'INTERNAL', 'Boom'),
      'GET /api/admin/ledger/check': ledger,
    });
    renderWithApp(<AnalyticsTab />, { user: admin, path: '/admin?tab=analytics' });
    await screen.findByText('£381.83 awaiting approval');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Count again now' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Could not count the figures again. Please try again.',
      ),
    );
    expect(screen.getByText('£381.83 awaiting approval')).toBeTruthy();
  });
});
