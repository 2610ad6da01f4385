import type { AdminPayment } from '@parley/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';

import { createQueryClient } from '@/lib/query-client';
import { apiError, fakeApi, json } from '@/test/fake-api';
import { spyOnToasts } from '@/test/toasts';
import { PaymentsTable } from './payments-table';

const showToast = spyOnToasts();

const HASH = `${'a'.repeat(8)}${'b'.repeat(48)}${'c'.repeat(8)}`;
const aPayment = (over: Partial<AdminPayment> = {}): AdminPayment => ({
  id: 'p1',
  kind: 'topup',
  serviceName: 'Add Funds',
  servicePrice: '150.00',
  amount: '150.00',
  amountCurrency: 'USD',
  currency: 'BTC',
  network: 'bitcoin',
  walletAddress: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
  cryptoAmount: '0.00157895',
  txHash: HASH,
  creditAmount: '118.5',
  status: 'pending',
  adminNotes: null,
  noteCodes: [],
  approvedAt: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  user: { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
  approvedBy: null,
  approverEmail: null,
  explorerUrl: `https://mempool.space/tx/${HASH}`,
  claimedCryptoAmount: '0.00157895',
  amountDiffers: false,
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
  showToast.mockClear();
});

describe('PaymentsTable', () => {
  it('shows the credit as money, the full hash linked to the block explorer, and the wallet', async () => {
    fakeApi({
      'GET /api/admin/payments': () =>
        json([
          aPayment(),
          aPayment({ id: 'p2', txHash: 'short-hash', status: 'approved', explorerUrl: null }),
        ]),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PaymentsTable />
      </QueryClientProvider>,
    );
    const first = (await screen.findAllByRole('row'))[1] as HTMLElement;
    expect(within(first).getByText('£118.50')).toBeTruthy();
    const link = within(first).getByRole('link', { name: HASH });
    expect(link.getAttribute('href')).toBe(`https://mempool.space/tx/${HASH}`);
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(first).getByText('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBeTruthy();
    expect(screen.getByText('short-hash')).toBeTruthy();
  });

  it("warns plainly when the claimed amount is missing or differs from the quote's", async () => {
    fakeApi({
      'GET /api/admin/payments': () =>
        json([
          aPayment(),
          aPayment({ id: 'p2', claimedCryptoAmount: '0.00157894', amountDiffers: true }),
          aPayment({ id: 'p3', claimedCryptoAmount: null, amountDiffers: true }),
        ]),
    });
    const view = render(
      <QueryClientProvider client={createQueryClient()}>
        <PaymentsTable />
      </QueryClientProvider>,
    );
    const [, matching, differs, unclaimed] = (await screen.findAllByRole('row')) as HTMLElement[];
    expect(within(matching as HTMLElement).queryByText(/Check the amount on chain/)).toBeNull();
    expect(differs?.textContent).toContain(
      'Amount differs from the quote: the customer says they sent 0.00157894 BTC, the quote asked for exactly 0.00157895. Check the amount on chain before approving.',
    );
    expect(unclaimed?.textContent).toContain(
      "Paid without a quote: the customer named no amount, so 0.00157895 BTC is only today's price.",
    );
    view.unmount();

    // In Arabic the warning reads right to left, its amounts left to right.
    await setLanguage('ar');
    try {
      render(
        <QueryClientProvider client={createQueryClient()}>
          <PaymentsTable />
        </QueryClientProvider>,
      );
      const rows = (await screen.findAllByRole('row')) as HTMLElement[];
      const warning = within(rows[2] as HTMLElement).getByText(/المبلغ يختلف عن عرض السعر/);
      expect(warning.textContent).toContain('0.00157894 BTC');
      expect(warning.closest('[dir="ltr"]')).toBeNull();
    } finally {
      await setLanguage('en');
    }
  });

  it('filters by status and pages, asking the server for each', async () => {
    // A full page (decided rows render lighter), so there may be a next one.
    const page = Array.from({ length: 50 }, (_, i) =>
      aPayment({ id: `p${i}`, status: 'approved', adminNotes: 'ok' }),
    );
    const api = fakeApi({
      'GET /api/admin/payments': () => json(page),
      'GET /api/admin/payments?status=pending': () => json(page),
      'GET /api/admin/payments?status=pending&offset=50': () =>
        json([aPayment({ id: 'older', kind: 'purchase', serviceName: 'Older one' })]),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PaymentsTable />
      </QueryClientProvider>,
    );
    await screen.findAllByRole('row');
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'pending' } });
    await waitFor(() => expect(api.count('GET /api/admin/payments?status=pending')).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Older one')).toBeTruthy();
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  }, 30_000);

  it('after a decision reloads the payments, the ledger check, the figures and the users', async () => {
    const api = fakeApi({
      'GET /api/admin/payments': () => json([aPayment()]),
      'POST /api/admin/payments/p1/approve': () => json(aPayment({ status: 'approved' })),
    });
    const client = createQueryClient();
    // What other tabs have loaded, and the analytics tab is not showing.
    client.setQueryData(['admin', 'ledger-check'], { users: 1, mismatches: [] });
    client.setQueryData(['admin', 'analytics'], {});
    render(
      <QueryClientProvider client={client}>
        <PaymentsTable />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.type(
      await screen.findByLabelText('Admin notes for the payment of ada@example.com'),
      ' checked ',
    );
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    // Nothing is sent until the dialog, which names the credit, the payment and the customer, is confirmed.
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve this payment?' });
    expect(dialog.textContent).toContain(
      '£118.50 will be added to the balance of ada@example.com (payment of 150.00 USD).',
    );
    expect(api.calls.some((c) => c.key.startsWith('POST'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Approve £118.50' }));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        'success',
        'Success',
        'Payment approved; the balance is credited.',
      ),
    );
    expect(api.calls.find((c) => c.key.startsWith('POST'))?.body).toEqual({
      adminNotes: 'checked',
    });
    await waitFor(() => {
      for (const key of [
        ['admin', 'ledger-check'],
        ['admin', 'analytics'],
      ])
        expect(client.getQueryState(key)?.isInvalidated, key.join('/')).toBe(true);
    });
    // The lists on screen are fetched again at once.
    await waitFor(() => expect(api.count('GET /api/admin/payments')).toBe(2));
  });

  it('sends one decision however fast Approve is clicked twice', async () => {
    let decide: () => void = () => {};
    const api = fakeApi({
      'GET /api/admin/payments': () => json([aPayment()]),
      'POST /api/admin/payments/p1/approve': () =>
        new Promise<Response>((resolve) => {
          decide = () => resolve(json(aPayment({ status: 'approved' })));
        }),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PaymentsTable />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const approve = await screen.findByRole('button', { name: 'Approve £118.50' });
    // Both clicks before React re-renders (and closes the dialog).
    fireEvent.click(approve);
    fireEvent.click(approve);
    await waitFor(() => expect(api.count('POST /api/admin/payments/p1/approve')).toBe(1));
    decide();
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith('success', 'Success', expect.any(String)),
    );
    expect(api.count('POST /api/admin/payments/p1/approve')).toBe(1);
    expect(showToast).not.toHaveBeenCalledWith('error', expect.anything(), expect.anything());
  });

  it('treats 409 ALREADY_DECIDED as news, not an error, and reloads the list', async () => {
    const api = fakeApi({
      'GET /api/admin/payments': () => json([aPayment()]),
      'POST /api/admin/payments/p1/reject': () =>
        apiError(409, 'ALREADY_DECIDED', 'This payment has already been decided.'),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PaymentsTable />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject this payment?' });
    // Cancel changes nothing; confirming sends the decision.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.count('POST /api/admin/payments/p1/reject')).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.type(
      await screen.findByRole('textbox', { name: 'Reason (the customer reads it)' }),
      'Duplicate',
    );
    await user.click(await screen.findByRole('button', { name: 'Reject payment' }));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        'info',
        'Already decided',
        'This payment has already been decided.',
      ),
    );
    expect(showToast).not.toHaveBeenCalledWith('error', expect.anything(), expect.anything());
    await waitFor(() => expect(api.count('GET /api/admin/payments')).toBe(2));
  });

  it('asks why before rejecting, and sends the reason the customer will read', async () => {
    const api = fakeApi({
      'GET /api/admin/payments': () => json([aPayment()]),
      'POST /api/admin/payments/p1/reject': () => json(aPayment({ status: 'rejected' })),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PaymentsTable />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject this payment?' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (the customer reads it)' });
    // No reason: nothing is sent, the field says why and keeps the focus.
    await user.click(within(dialog).getByRole('button', { name: 'Reject payment' }));
    expect(api.count('POST /api/admin/payments/p1/reject')).toBe(0);
    expect(within(dialog).getByText('Give a reason: the customer reads it.')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(reason);
    await user.type(reason, '  No such transaction on chain ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject payment' }));
    await waitFor(() => expect(api.count('POST /api/admin/payments/p1/reject')).toBe(1));
    expect(api.calls.find((c) => c.key === 'POST /api/admin/payments/p1/reject')?.body).toEqual({
      adminNotes: 'No such transaction on chain',
    });
  });
});
