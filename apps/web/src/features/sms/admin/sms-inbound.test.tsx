import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi, json } from '@/test/fake-api';
import { SmsInbound } from './sms-inbound';

afterEach(() => vi.unstubAllGlobals());

const item = (n: number, kind: 'message' | 'receipt-mismatch' = 'message') => ({
  id: `i${n}`,
  source: `4474000000${n}`,
  destination: 'Parley',
  message: `Reply ${n}`,
  kind,
  receivedAt: '2026-11-25T10:00:00.000Z',
});

const show = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SmsInbound />
    </QueryClientProvider>,
  );

describe('SmsInbound', () => {
  it('shows nothing while nothing came in', async () => {
    const api = fakeApi({
      'GET /api/admin/sms/inbound?page=1&pageSize=10': () =>
        json({ items: [], total: 0, page: 1, pageSize: 10 }),
    });
    const { container } = show();
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    expect(container.innerHTML).toBe('');
  });

  it('lists what came in, says which were receipts from another number, and pages', async () => {
    fakeApi({
      'GET /api/admin/sms/inbound?page=1&pageSize=10': () =>
        json({ items: [item(1), item(2, 'receipt-mismatch')], total: 12, page: 1, pageSize: 10 }),
      'GET /api/admin/sms/inbound?page=2&pageSize=10': () =>
        json({ items: [item(3)], total: 12, page: 2, pageSize: 10 }),
    });
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByText('Inbound SMS (12)'));
    expect(screen.getByText('Reply 1')).toBeTruthy();
    expect(screen.getByText('Receipt from another number')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Reply 3')).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
  });
});
