import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { adminKeys } from '@/lib/admin-query-keys';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi, json } from '@/test/fake-api';
import { spyOnToasts } from '@/test/toasts';
import { RatesTab } from './rates-tab';

spyOnToasts();

afterEach(() => vi.unstubAllGlobals());

const rate = (base: string, quote: string, ageSeconds: number, maxAgeSeconds: number) => ({
  base,
  quote,
  rate: '1',
  source: 'seed',
  updatedAt: new Date(Date.now() - ageSeconds * 1000).toISOString(),
  stale: ageSeconds > maxAgeSeconds,
  ageSeconds,
  maxAgeSeconds,
});

describe('RatesTab', () => {
  it('marks which rate is out of date, with its age and limit, and says to update it', async () => {
    fakeApi({
      'GET /api/admin/rates': () =>
        json([rate('BTC', 'USD', 40 * 60, 900), rate('USD', 'GBP', 3 * 3600, 86_400)]),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RatesTab />
      </QueryClientProvider>,
    );
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Out of date, update now: BTC/USD.');
    expect(notice.textContent).not.toContain('USD/GBP');
    const btc = screen.getByRole('row', { name: /BTC\/USD/ });
    expect(within(btc).getByText('Out of date')).toBeTruthy();
    expect(btc.textContent).toContain('40 minutes old (limit 15 minutes)');
    const usd = screen.getByRole('row', { name: /USD\/GBP/ });
    expect(within(usd).queryByText('Out of date')).toBeNull();
    expect(usd.textContent).toContain('3 hours old (limit 24 hours)');
  });

  it('has the set-up checklist read again once a rate is saved', async () => {
    fakeApi({
      'GET /api/admin/rates': () => json([rate('BTC', 'USD', 40 * 60, 900)]),
      'PUT /api/admin/rates/BTC/USD': () => json(rate('BTC', 'USD', 0, 900)),
    });
    const client = createQueryClient();
    client.setQueryData(adminKeys.adminSetup, { complete: false });
    render(
      <QueryClientProvider client={client}>
        <RatesTab />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Update.*BTC\/USD/ }));
    const field = await screen.findByLabelText(/1 BTC in USD/);
    await user.clear(field);
    await user.type(field, '97000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(client.getQueryState(adminKeys.adminSetup)?.isInvalidated).toBe(true),
    );
  });
});
