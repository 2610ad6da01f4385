import type { Transaction } from '@parley/shared';
import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { renderWithApp } from '@/test/render';
import { adminNoteOf } from '../api/dashboard-data';
import { TransactionHistory } from './transaction-history';

const aTx = (over: Partial<Transaction> = {}): Transaction => ({
  id: 't1',
  kind: 'topup',
  serviceName: 'Add Funds',
  servicePrice: '150.00',
  amount: '150.00',
  amountCurrency: 'USD',
  currency: 'BTC',
  network: 'bitcoin',
  walletAddress: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
  cryptoAmount: '0.00157895',
  txHash: null,
  creditAmount: '118.50',
  status: 'pending',
  adminNotes: null,
  noteCodes: [],
  approvedAt: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...over,
});

describe('TransactionHistory', () => {
  it("shows the admin's note under a rejected or approved payment", () => {
    renderWithApp(
      <TransactionHistory
        isPending={false}
        isError={false}
        onRetry={() => {}}
        transactions={[
          aTx({ id: 'r', status: 'rejected', adminNotes: 'No payment arrived on chain' }),
          aTx({
            id: 'a',
            status: 'approved',
            adminNotes: 'Seen on chain',
            createdAt: '2026-02-01T10:00:00.000Z',
          }),
        ]}
      />,
    );
    const [rejected, approved] = screen.getAllByRole('listitem') as HTMLElement[];
    expect(within(rejected as HTMLElement).getByText('No payment arrived on chain')).toBeTruthy();
    expect(within(rejected as HTMLElement).getByText("Admin's note:")).toBeTruthy();
    expect(within(approved as HTMLElement).getByText('Seen on chain')).toBeTruthy();
  });

  it("lists an admin's adjustment among the payments, signed, with its note", () => {
    renderWithApp(
      <TransactionHistory
        isPending={false}
        isError={false}
        onRetry={() => {}}
        transactions={[aTx({ id: 'old', createdAt: '2026-01-01T10:00:00.000Z' })]}
        adjustments={[
          {
            id: 'adj',
            kind: 'adjustment',
            amount: '12.34',
            currency: 'GBP',
            reference: 'adjustment:1',
            balanceAfter: '20.00',
            note: 'Goodwill for the outage',
            createdAt: '2026-03-02T10:00:00.000Z',
          },
        ]}
      />,
    );
    const [first] = screen.getAllByRole('listitem') as HTMLElement[];
    expect(within(first as HTMLElement).getByText('Balance adjustment')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('+£12.34')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('Goodwill for the outage')).toBeTruthy();
  });

  it('lists a renewal charge with the item it renewed', () => {
    renderWithApp(
      <TransactionHistory
        isPending={false}
        isError={false}
        onRetry={() => {}}
        transactions={[aTx({ id: 'old', createdAt: '2026-01-01T10:00:00.000Z' })]}
        adjustments={[
          {
            id: 'ren',
            kind: 'renewal',
            amount: '-15.0000',
            currency: 'GBP',
            reference: 'renewal:o1:1',
            balanceAfter: '5.00',
            note: 'Starter (VoIP Calling)',
            createdAt: '2026-03-02T10:00:00.000Z',
          },
        ]}
      />,
    );
    const [first] = screen.getAllByRole('listitem') as HTMLElement[];
    expect(within(first as HTMLElement).getByText('Renewal')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('-£15.00')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('Starter (VoIP Calling)')).toBeTruthy();
  });

  it('shows no note while pending or when the note is empty', () => {
    const t = i18next.t;
    const none = { noteCodes: [] };
    expect(adminNoteOf(t, { ...none, status: 'pending', adminNotes: 'draft' })).toBeNull();
    expect(adminNoteOf(t, { ...none, status: 'rejected', adminNotes: '   ' })).toBeNull();
    expect(adminNoteOf(t, { ...none, status: 'rejected', adminNotes: null })).toBeNull();
    expect(adminNoteOf(t, { ...none, status: 'rejected', adminNotes: ' Wrong amount ' })).toBe(
      'Wrong amount',
    );
  });

  describe('in Arabic', () => {
    afterEach(() => setLanguage('en'));

    it('words a top-up and the server’s own notes, keeping what the admin typed', async () => {
      await setLanguage('ar');
      renderWithApp(
        <TransactionHistory
          isPending={false}
          isError={false}
          onRetry={() => {}}
          transactions={[
            aTx({ id: 'a', status: 'approved', noteCodes: ['APPROVED_BY_ADMIN'] }),
            aTx({
              id: 'p',
              kind: 'purchase',
              serviceName: 'Starter (VoIP Calling)',
              status: 'approved',
              adminNotes: 'Seen on chain',
              noteCodes: ['ITEM_UNAVAILABLE_CREDITED'],
              createdAt: '2026-02-01T10:00:00.000Z',
            }),
          ]}
        />,
      );
      const [topUp, purchase] = screen.getAllByRole('listitem') as HTMLElement[];
      expect(within(topUp as HTMLElement).getByText('إضافة رصيد')).toBeTruthy();
      expect(within(topUp as HTMLElement).getByText('وافق المشرف على الدفعة')).toBeTruthy();
      expect(within(topUp as HTMLElement).queryByText(/Add Funds|approved by admin/)).toBeNull();
      expect(within(purchase as HTMLElement).getByText('Starter (VoIP Calling)')).toBeTruthy();
      expect(
        within(purchase as HTMLElement).getByText(/^Seen on chain \(لم يعد العنصر متاحًا/),
      ).toBeTruthy();
    });
  });
});
