import type { ChainDeposit } from '@parley/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { apiError, fakeApi, json } from '@/test/fake-api';
import { DepositsTable } from './deposits-table';

afterEach(() => vi.unstubAllGlobals());

const LIST = 'GET /api/admin/chains/deposits?page=1&pageSize=20';
const RESOLVE = 'POST /api/admin/chains/deposits/d2/resolve';

const flagged: ChainDeposit = {
  id: 'd2',
  reference: 'bitcoin:tx2:0',
  network: 'bitcoin',
  txid: 'tx2',
  explorerUrl: 'https://explorer.example/tx/tx2',
  output: '0',
  address: 'bcrt1qexample',
  derivationIndex: 3,
  amount: '0.0015',
  currency: 'BTC',
  status: 'credited',
  confirmations: 3,
  required: 3,
  late: false,
  creditAmount: '100.50',
  seenAt: '2026-05-01T10:00:00.000Z',
  creditedAt: '2026-05-01T10:30:00.000Z',
  flagged: true,
  evidence: { height: 812, creditedBlockHash: 'hash-credited', nodeBlockHash: 'hash-node' },
  resolution: null,
  customer: { id: 'u2', email: 'other@example.com' },
  quoteId: 'q2',
};
const reversed: ChainDeposit = {
  ...flagged,
  resolution: {
    decision: 'reverse',
    note: 'Double spend',
    by: { id: 'a1', email: 'admin@example.com' },
    at: '2026-05-02T09:00:00.000Z',
  },
};
const pageOf = (items: ChainDeposit[]) => ({ items, total: items.length, page: 1, pageSize: 20 });

function renderTable() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <DepositsTable />
    </QueryClientProvider>,
  );
}

describe('deciding a flagged deposit', () => {
  it('offers Keep and Reverse only on a flagged, undecided, credited row', async () => {
    fakeApi({
      [LIST]: () =>
        json(pageOf([{ ...flagged, id: 'd1', flagged: false, evidence: null }, flagged])),
    });
    renderTable();
    const table = await screen.findByRole('table', { name: 'Deposits' });
    const [, plain, marked] = within(table).getAllByRole('row');
    if (!plain || !marked) throw new Error('rows missing');
    expect(within(plain).queryByRole('button', { name: 'Reverse credit' })).toBeNull();
    const group = within(marked).getByRole('group', {
      name: 'Decision on 0.0015 BTC from other@example.com',
    });
    expect(within(group).getByRole('button', { name: 'Keep credit' })).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'Reverse credit' })).toBeTruthy();
  });

  it('asks for a note, sends the decision, then shows it with focus on it', async () => {
    let decided = false;
    const api = fakeApi({
      [LIST]: () => json(pageOf([decided ? reversed : flagged])),
      [RESOLVE]: () => {
        decided = true;
        return json(reversed);
      },
    });
    const user = userEvent.setup();
    renderTable();
    await user.click(await screen.findByRole('button', { name: 'Reverse credit' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reverse this credit?' });
    expect(dialog.textContent).toContain('£100.50');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse £100.50' }));
    const note = within(dialog).getByLabelText('Note');
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Write a note.')).toBeTruthy();
    expect(document.activeElement).toBe(note);
    expect(api.count(RESOLVE)).toBe(0);
    await user.type(note, 'Double spend');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse £100.50' }));
    const shown = await screen.findByText(/Reversed by admin@example.com/);
    expect(screen.getByText('Double spend')).toBeTruthy();
    expect(api.calls.find((c) => c.key === RESOLVE)?.body).toEqual({
      decision: 'reverse',
      note: 'Double spend',
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Keep credit' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(shown.parentElement));
  });

  it('shows a refusal in the dialog in words, and Escape returns focus to the button', async () => {
    fakeApi({
      [LIST]: () => json(pageOf([flagged])),
      [RESOLVE]: () =>
        apiError(409, 'REVERSAL_BALANCE_SHORT', 'The balance no longer covers this credit.'),
    });
    const user = userEvent.setup();
    renderTable();
    const reverse = await screen.findByRole('button', { name: 'Reverse credit' });
    await user.click(reverse);
    const dialog = screen.getByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Note'), 'Double spend');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse £100.50' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "The customer's balance no longer covers this credit; nothing was changed.",
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(reverse));
  });

  it('keeps a credit from the keyboard alone', async () => {
    const api = fakeApi({
      [LIST]: () => json(pageOf([flagged])),
      [RESOLVE]: () =>
        json({ ...reversed, resolution: { ...reversed.resolution, decision: 'keep' } }),
    });
    const user = userEvent.setup();
    renderTable();
    const keep = await screen.findByRole('button', { name: 'Keep credit' });
    keep.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('alertdialog', { name: 'Keep this credit?' });
    await user.type(within(dialog).getByLabelText('Note'), 'Re-mined');
    await user.click(within(dialog).getByRole('button', { name: 'Keep credit' }));
    await waitFor(() => expect(api.count(RESOLVE)).toBe(1));
    expect(api.calls.find((c) => c.key === RESOLVE)?.body).toEqual({
      decision: 'keep',
      note: 'Re-mined',
    });
  });
});
