import type { Order, Transaction } from '@parley/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * The customer's payments. The key is the one the payment page refreshes after a
 * submission, so the dashboard is current when it returns here.
 */
export const dashboardTransactionsQueryOptions = queryOptions({
  queryKey: ['transactions'],
  queryFn: () => apiFetch<Transaction[]>('/api/transactions'),
});

export function useDashboardTransactions() {
  return useQuery(dashboardTransactionsQueryOptions);
}

/** The customer's purchases: active services and numbers, and what the balance paid. */
export const dashboardOrdersQueryOptions = queryOptions({
  queryKey: ['orders'],
  queryFn: () => apiFetch<Order[]>('/api/orders'),
});

export function useDashboardOrders() {
  return useQuery(dashboardOrdersQueryOptions);
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
