import type { Transaction } from '@parley/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi, json } from '@/test/fake-api';
import { UserActivity } from './user-activity';

afterEach(() => vi.unstubAllGlobals());

const payment = (id: string, status: Transaction['status']): Transaction => ({
  id,
  kind: 'topup',
  serviceName: 'Add Funds',
  servicePrice: '120.00',
  amount: '120.00',
  amountCurrency: 'USD',
  currency: 'BTC',
  network: 'bitcoin',
  walletAddress: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
  cryptoAmount: '0.00126316',
  txHash: null,
  creditAmount: id === 'ok' ? '94.80' : '55.30',
  status,
  adminNotes: null,
  noteCodes: [],
  approvedAt: null,
  createdAt: '2026-03-01T10:00:00.000Z',
});

describe('UserActivity', () => {
  it('shows a credit only for an approved payment, never for a rejected or pending one', async () => {
    const page = (items: unknown[]) => () =>
      json({ items, total: items.length, page: 1, pageSize: 10 });
    fakeApi({
      'GET /api/admin/users/u1/ledger?page=1&pageSize=10': page([]),
      'GET /api/admin/users/u1/payments?page=1&pageSize=10': page([
        payment('ok', 'approved'),
        payment('no', 'rejected'),
        payment('wait', 'pending'),
      ]),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <UserActivity userId="u1" />
      </QueryClientProvider>,
    );
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Payments' }));
    const rows = await screen.findAllByRole('row');
    const byStatus = (status: string) => rows.find((r) => r.textContent?.includes(status));
    expect(within(byStatus('Approved') as HTMLElement).queryByText('£94.80')).toBeTruthy();
    expect(byStatus('Rejected')?.textContent).not.toContain('£55.30');
    expect(byStatus('Pending')?.textContent).not.toContain('£55.30');
  });
});
