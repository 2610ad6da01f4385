import type { ChainDeposit, ChainDepositsPage } from '@parley/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi, json } from '@/test/fake-api';
import { DepositsTable } from './deposits-table';

afterEach(() => vi.unstubAllGlobals());

const URL = '/api/admin/chains/deposits';
const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';

const deposit = (over: Partial<ChainDeposit> = {}): ChainDeposit => ({
  id: 'd1',
  reference: 'bitcoin:tx1:0',
  network: 'bitcoin',
  txid: 'tx1',
  explorerUrl: 'https://explorer.example/tx/tx1',
  output: '0',
  address: ADDRESS,
  derivationIndex: 7,
  amount: '0.0015',
  currency: 'BTC',
  status: 'seen',
  confirmations: 1,
  required: 3,
  late: false,
  creditAmount: null,
  seenAt: '2026-05-01T10:00:00.000Z',
  creditedAt: null,
  flagged: false,
  evidence: null,
  resolution: null,
  customer: { id: 'u1', email: 'buyer@example.com' },
  quoteId: 'q1',
  ...over,
});
const pageOf = (items: ChainDeposit[], total = items.length): ChainDepositsPage => ({
  items,
  total,
  page: 1,
  pageSize: 20,
});
const flagged = deposit({
  id: 'd2',
  txid: 'tx2',
  status: 'credited',
  confirmations: 3,
  late: true,
  creditAmount: '100.50',
  creditedAt: '2026-05-01T10:30:00.000Z',
  flagged: true,
  evidence: { height: 812, creditedBlockHash: 'hash-credited', nodeBlockHash: 'hash-node' },
  customer: { id: 'u2', email: 'other@example.com' },
});

function renderTable() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <DepositsTable />
    </QueryClientProvider>,
  );
}

describe('DepositsTable', () => {
  it('shows each deposit: customer, amount, address, index, confirmations, status, link', async () => {
    fakeApi({ [`GET ${URL}?page=1&pageSize=20`]: () => json(pageOf([deposit(), flagged])) });
    renderTable();
    const table = await screen.findByRole('table', { name: 'Deposits' });
    const [, first, second] = within(table).getAllByRole('row');
    if (!first || !second) throw new Error('rows missing');
    expect(within(first).getByText('buyer@example.com')).toBeTruthy();
    expect(within(first).getByText('0.0015 BTC')).toBeTruthy();
    const address = within(first).getByText(ADDRESS);
    expect(address.getAttribute('dir')).toBe('ltr');
    expect(address.className).toContain('font-mono');
    expect(address.className).toContain('break-all');
    expect(within(first).getByText('Address index 7')).toBeTruthy();
    expect(within(first).getByText('1/3')).toBeTruthy();
    expect(within(first).getByText('Waiting for confirmations')).toBeTruthy();
    expect(within(first).queryByText('Late')).toBeNull();
    expect(within(first).queryByRole('button', { name: 'Show evidence' })).toBeNull();
    const link = within(first).getByRole('link', { name: /View on explorer/ });
    expect(link.getAttribute('href')).toBe('https://explorer.example/tx/tx1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');

    expect(within(second).getByText('Credited')).toBeTruthy();
    expect(within(second).getByText('Late')).toBeTruthy();
    expect(within(second).getByText('Flagged')).toBeTruthy();
    expect(within(second).getByText('£100.50')).toBeTruthy();
    expect(within(second).getByText('3/3')).toBeTruthy();
  });

  it('fetches again with each filter, back on the first page', async () => {
    const api = fakeApi({
      [`GET ${URL}?page=1&pageSize=20`]: () => json(pageOf([deposit()], 41)),
      [`GET ${URL}?page=2&pageSize=20`]: () => json({ ...pageOf([deposit()], 41), page: 2 }),
      [`GET ${URL}?network=litecoin&page=1&pageSize=20`]: () => json(pageOf([])),
      [`GET ${URL}?network=litecoin&status=credited&page=1&pageSize=20`]: () => json(pageOf([])),
      [`GET ${URL}?network=litecoin&status=credited&flagged=true&page=1&pageSize=20`]: () =>
        json(pageOf([flagged])),
    });
    const user = userEvent.setup();
    renderTable();
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Network'), 'litecoin');
    expect(await screen.findByText('No deposits match.')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Status'), 'credited');
    await user.click(screen.getByLabelText('Flagged only'));
    expect(await screen.findByText('other@example.com')).toBeTruthy();
    expect(api.calls.map((c) => c.key)).toEqual(expect.arrayContaining(Object.keys(api.routes)));
    expect(api.calls.filter((c) => !(c.key in api.routes))).toEqual([]);
  });

  it("shows a flagged deposit's evidence on demand", async () => {
    fakeApi({ [`GET ${URL}?page=1&pageSize=20`]: () => json(pageOf([flagged])) });
    const user = userEvent.setup();
    renderTable();
    const show = await screen.findByRole('button', { name: 'Show evidence' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('hash-credited')).toBeNull();
    await user.click(show);
    const hide = screen.getByRole('button', { name: 'Hide evidence' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('812')).toBeTruthy();
    expect(screen.getByText('hash-credited')).toBeTruthy();
    expect(screen.getByText('hash-node')).toBeTruthy();
    await user.click(hide);
    await waitFor(() => expect(screen.queryByText('hash-node')).toBeNull());
  });
});
