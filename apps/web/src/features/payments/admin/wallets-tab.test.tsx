import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { fakeApi, json } from '@/test/fake-api';
import { spyOnToasts } from '@/test/toasts';
import { WalletsTab } from './wallets-tab';

spyOnToasts();

afterEach(() => vi.unstubAllGlobals());

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => (o as HTMLOptionElement).value);

describe('WalletsTab', () => {
  it("offers only the chosen currency's networks and sends the one shown", async () => {
    const api = fakeApi({
      'GET /api/admin/crypto-wallets': () => json([]),
      'POST /api/admin/crypto-wallets': (init) =>
        json({ id: 'w1', ...JSON.parse(String(init?.body)) }, 201),
    });
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <WalletsTab />
      </QueryClientProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Add wallet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add wallet' });
    const currency = within(dialog).getByLabelText('Currency');
    const network = within(dialog).getByLabelText('Network') as HTMLSelectElement;
    expect(optionsOf(network)).toEqual(['bitcoin']);

    await user.selectOptions(currency, 'USDT');
    expect(optionsOf(network)).toEqual(['tron', 'ethereum']);
    // Shown by their names, sent by their codes.
    expect(
      within(network)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['TRON', 'Ethereum']);
    expect(network.value).toBe('tron');
    await user.selectOptions(network, 'ethereum');

    await user.selectOptions(currency, 'SOL');
    expect(optionsOf(network)).toEqual(['solana']);
    expect(network.value).toBe('solana');

    await user.type(within(dialog).getByLabelText(/Address/), 'So1anaAddress');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.count('POST /api/admin/crypto-wallets')).toBe(1));
    expect(api.calls.find((c) => c.key.startsWith('POST'))?.body).toMatchObject({
      currency: 'SOL',
      network: 'solana',
      address: 'So1anaAddress',
    });
  });

  it('lists each wallet with its network’s name', async () => {
    fakeApi({
      'GET /api/admin/crypto-wallets': () =>
        json([
          {
            id: 'w1',
            currency: 'USDT',
            network: 'tron',
            address: 'TXyz',
            walletType: 'system',
            description: null,
            isActive: true,
          },
        ]),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <WalletsTab />
      </QueryClientProvider>,
    );
    const row = (await screen.findByText('TXyz')).closest('tr');
    expect(row?.textContent).toContain('TRON');
    expect(row?.textContent).not.toContain('tron');
  });
});
