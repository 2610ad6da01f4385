import type { Transaction } from '@parley/shared';
import { ledgerApi } from '@parley/shared/api';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  adjustmentsQueryOptions,
  ledgerKey,
  ordersQueryOptions,
  RECENT_ADJUSTMENTS,
  transactionsQueryOptions,
} from '@/lib/account-queries';
import { call } from '@/lib/api';
import { paymentNotes } from '@/lib/payment-text';

export function useDashboardTransactions() {
  return useQuery(transactionsQueryOptions(useTranslation().i18n.language));
}

/** The admin's adjustments of the balance, shown among the payments. */
export function useDashboardAdjustments() {
  return useQuery(adjustmentsQueryOptions);
}

/** The latest renewal charges, shown among the payments with the item they renewed. */
export function useDashboardRenewals() {
  return useQuery({
    queryKey: [...ledgerKey, 'renewals'],
    queryFn: () =>
      call(ledgerApi.mine, { query: { kind: 'renewal', pageSize: RECENT_ADJUSTMENTS } }).then(
        (page) => page.items,
      ),
  });
}

export function useDashboardOrders() {
  return useQuery(ordersQueryOptions(useTranslation().i18n.language));
}

/**
 * The notes on a decided (approved or rejected) payment in the reader's language (the
 * admin's own words as typed), or null when there are none.
 */
export function adminNoteOf(
  t: TFunction,
  tx: Pick<Transaction, 'status' | 'adminNotes' | 'noteCodes'>,
): string | null {
  if (tx.status === 'pending') return null;
  return paymentNotes(t, tx);
}

/** Newest first, at most `limit`. */
export function latest<T extends { createdAt: string }>(items: readonly T[], limit: number): T[] {
  return [...items].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, limit);
}
