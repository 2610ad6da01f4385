import type { Transaction } from '@parley/shared';
import { useQuery } from '@tanstack/react-query';
import {
  adjustmentsQueryOptions,
  ordersQueryOptions,
  transactionsQueryOptions,
} from '@/lib/account-queries';

export function useDashboardTransactions() {
  return useQuery(transactionsQueryOptions);
}

/** The admin's adjustments of the balance, shown among the payments. */
export function useDashboardAdjustments() {
  return useQuery(adjustmentsQueryOptions);
}

export function useDashboardOrders() {
  return useQuery(ordersQueryOptions);
}

/** The admin's note on a decided (approved or rejected) payment, or null when there is none. */
export function adminNoteOf(tx: Pick<Transaction, 'status' | 'adminNotes'>): string | null {
  if (tx.status === 'pending') return null;
  return tx.adminNotes?.trim() || null;
}

/** Newest first, at most `limit`. */
export function latest<T extends { createdAt: string }>(items: readonly T[], limit: number): T[] {
  return [...items].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, limit);
}
