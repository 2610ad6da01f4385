import type { WebhookEndpoint } from '@parley/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi, json } from '@/test/fake-api';
import { UserActivity } from './user-activity';

afterEach(() => vi.unstubAllGlobals());

const endpoint = (id: string, over: Partial<WebhookEndpoint>): WebhookEndpoint => ({
  id,
  url: `https://hooks.example.com/${id}`,
  events: ['sms.delivered', 'call.ended'],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

describe("a customer's webhook endpoints for an admin", () => {
  it('show each URL, its events and whether it works, fails or was turned off', async () => {
    fakeApi({
      'GET /api/admin/users/u1/ledger?page=1&pageSize=10': () =>
        json({ items: [], total: 0, page: 1, pageSize: 10 }),
      'GET /api/admin/users/u1/webhooks': () =>
        json({
          items: [
            endpoint('ok', {}),
            endpoint('failing', { failingSince: '2026-11-28T09:00:00.000Z' }),
            endpoint('gone', { enabled: false, disabledReason: 'gone' }),
          ],
        }),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <UserActivity userId="u1" />
      </QueryClientProvider>,
    );
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Webhook endpoints' }));
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]?.textContent).toContain('https://hooks.example.com/ok');
    expect(rows[1]?.textContent).toContain('sms.delivered, call.ended');
    expect(rows[1]?.textContent).toContain('Active');
    expect(rows[2]?.textContent).toContain('Failing since');
    expect(rows[3]?.textContent).toContain('answered that it is gone (410)');
  });
});
