import type { Transaction } from '@parley/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

  it('shows no note while pending or when the note is empty', () => {
    expect(adminNoteOf({ status: 'pending', adminNotes: 'draft' })).toBeNull();
    expect(adminNoteOf({ status: 'rejected', adminNotes: '   ' })).toBeNull();
    expect(adminNoteOf({ status: 'rejected', adminNotes: null })).toBeNull();
    expect(adminNoteOf({ status: 'rejected', adminNotes: ' Wrong amount ' })).toBe('Wrong amount');
  });
});
