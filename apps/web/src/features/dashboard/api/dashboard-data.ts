import type { Transaction } from '@parley/shared';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  adjustmentsQueryOptions,
  ordersQueryOptions,
  transactionsQueryOptions,
} from '@/lib/account-queries';
import { paymentNotes } from '@/lib/payment-text';

export function useDashboardTransactions() {
  return useQuery(transactionsQueryOptions(useTranslation().i18n.language));
}

/** The admin's adjustments of the balance, shown among the payments. */
export function useDashboardAdjustments() {
  return useQuery(adjustmentsQueryOptions);
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
