import type { ChainNetworkStatus, KeyFamilyView } from '@parley/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { apiError, fakeApi, json } from '@/test/fake-api';
import { spyOnToasts } from '@/test/toasts';
import { ChainsTab } from './chains-tab';

spyOnToasts();

afterEach(() => vi.unstubAllGlobals());

const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const FIRST = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const KEYS = 'GET /api/admin/chains/watch-keys';
const STATUS = 'GET /api/admin/chains/status';
const PREVIEW = 'POST /api/admin/chains/watch-keys/preview';
const SAVE = 'PUT /api/admin/chains/watch-keys/bitcoin';

const empty = (family: KeyFamilyView['family']): KeyFamilyView => ({
  family,
  networks: family === 'evm' ? ['ethereum', 'bsc', 'polygon'] : [family],
  chain: 'mainnet',
  key: null,
});
const families = (bitcoin: KeyFamilyView = empty('bitcoin')) => [
  bitcoin,
  empty('litecoin'),
  empty('evm'),
  empty('tron'),
];
const withKey: KeyFamilyView = {
  ...empty('bitcoin'),
  key: {
    id: 'k1',
    extendedKey: ZPUB,
    version: 'zpub',
    chain: 'mainnet',
    handedOut: 42,
    addedAt: '2026-11-01T10:00:00Z',
    addedBy: { id: 'a1', email: 'admin@example.com' },
    addresses: [{ index: 0, path: "m/84'/0'/0'/0/0", address: FIRST }],
  },
};
const network = (over: Partial<ChainNetworkStatus>): ChainNetworkStatus => ({
  network: 'bitcoin',
  watched: false,
  confirmations: 2,
  chain: 'mainnet',
  chainId: null,
  family: 'bitcoin',
  keyActive: false,
  handedOut: null,
  nodeHeight: null,
  cursorHeight: null,
  lag: null,
  lastError: null,
  lastErrorAt: null,
  checkedAt: null,
  deposits: { seen: 0, credited: 0, dropped: 0 },
  ...over,
});
const preview = {
  version: 'zpub',
  chain: 'mainnet',
  addresses: [{ index: 0, path: "m/84'/0'/0'/0/0", address: FIRST }],
};

function renderTab() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ChainsTab />
    </QueryClientProvider>,
  );
}

describe('ChainsTab: adding a key', () => {
  it('saves only the text whose addresses were shown', async () => {
    const api = fakeApi({
      [KEYS]: () => json(families()),
      [STATUS]: () => json([]),
      [PREVIEW]: () => json(preview),
      [SAVE]: () => json(withKey),
    });
    const user = userEvent.setup();
    renderTab();
    const field = await screen.findByLabelText('Extended public key of the account');
    const save = screen.getByRole('button', { name: 'Save key' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.type(field, ZPUB);
    await user.click(screen.getByRole('button', { name: 'Show addresses' }));
    const list = await screen.findByRole('list', { name: 'Addresses of this key' });
    expect(within(list).getByText(FIRST).getAttribute('dir')).toBe('ltr');
    expect(within(list).getByText("m/84'/0'/0'/0/0")).toBeTruthy();
    expect(api.calls.find((c) => c.key === PREVIEW)?.body).toEqual({
      family: 'bitcoin',
      key: ZPUB,
    });

    // Changing the text after the preview: nothing to save until it is shown again.
    await user.type(field, 'x');
    expect((save as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('list', { name: 'Addresses of this key' })).toBeNull();
    await user.type(field, '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Show addresses' }));
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    await user.click(save);
    await waitFor(() => expect(api.count(SAVE)).toBe(1));
    expect(api.calls.find((c) => c.key === SAVE)?.body).toEqual({ key: ZPUB });
  });

  it('shows a refusal translated next to the field, which it marks invalid and focuses', async () => {
    fakeApi({
      [KEYS]: () => json(families()),
      [STATUS]: () => json([]),
      [PREVIEW]: () =>
        apiError(400, 'VALIDATION_FAILED', 'The key was refused.', [
          { path: 'body.key', code: 'WATCH_KEY_PRIVATE', message: 'x', params: {} },
        ]),
    });
    const user = userEvent.setup();
    renderTab();
    const field = await screen.findByLabelText('Extended public key of the account');
    await user.type(field, 'xprv-something');
    await user.click(screen.getByRole('button', { name: 'Show addresses' }));
    const message = await screen.findByText(/This is a private key or a recovery phrase/);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(message.id);
    expect(document.activeElement).toBe(field);
    expect((screen.getByRole('button', { name: 'Save key' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});

describe('ChainsTab: keys and networks', () => {
  it('shows the active key shortened until asked, the count handed out, and removes after confirming', async () => {
    const api = fakeApi({
      [KEYS]: () => json(families(withKey)),
      [STATUS]: () => json([]),
      'DELETE /api/admin/chains/watch-keys/bitcoin': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderTab();
    const card = await screen.findByRole('region', { name: 'Bitcoin' });
    expect(within(card).queryByText(ZPUB)).toBeNull();
    expect(within(card).getByText('Addresses handed out: 42')).toBeTruthy();
    const toggle = within(card).getByRole('button', { name: 'Show full key' });
    await user.click(toggle);
    expect(within(card).getByText(ZPUB).getAttribute('dir')).toBe('ltr');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    await user.click(within(card).getByRole('button', { name: 'Remove key' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove the Bitcoin key?' });
    expect(api.count('DELETE /api/admin/chains/watch-keys/bitcoin')).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove key' }));
    await waitFor(() => expect(api.count('DELETE /api/admin/chains/watch-keys/bitcoin')).toBe(1));
  });

  it('lists each network with its lag and its last error translated', async () => {
    fakeApi({
      [KEYS]: () => json(families()),
      [STATUS]: () =>
        json([
          network({
            watched: true,
            nodeHeight: 104,
            cursorHeight: 100,
            lag: 4,
            lastError: 'CHAIN_UNREACHABLE',
            lastErrorAt: '2026-11-01T10:00:00Z',
          }),
          network({
            network: 'polygon',
            family: 'evm',
            chain: null,
            chainId: 137,
            confirmations: 64,
          }),
          network({
            network: 'solana',
            family: null,
            chain: null,
            lastError: 'CHAIN_SOMETHING_NEW',
          }),
        ]),
    });
    renderTab();
    const table = await screen.findByRole('table', { name: 'Networks' });
    const bitcoin = within(table).getByRole('rowheader', { name: 'Bitcoin' }).closest('tr');
    expect(bitcoin?.textContent).toContain('Node unreachable');
    expect(bitcoin?.textContent).toContain('Watched');
    expect(within(bitcoin as HTMLElement).getByText('4')).toBeTruthy();
    const polygon = within(table).getByRole('rowheader', { name: 'Polygon' }).closest('tr');
    expect(polygon?.textContent).toContain('Chain ID 137');
    expect(polygon?.textContent).toContain('Not watched');
    const solana = within(table).getByRole('rowheader', { name: 'Solana' }).closest('tr');
    expect(solana?.textContent).toContain('Fixed addresses only');
    // A code this build does not know is shown as it is.
    expect(solana?.textContent).toContain('CHAIN_SOMETHING_NEW');
  });
});
