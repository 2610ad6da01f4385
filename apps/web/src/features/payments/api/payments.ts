import type {
  CreateTransactionInput,
  Order,
  PaymentWallet,
  Purchasable,
  Quote,
  QuoteInput,
  Transaction,
} from '@parley/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { userQueryOptions } from '@/lib/current-user';

export const walletsQueryOptions = queryOptions({
  queryKey: ['payments', 'wallets'],
  queryFn: () => apiFetch<PaymentWallet[]>('/api/payments/wallets'),
});

export function usePaymentWallets() {
  return useQuery(walletsQueryOptions);
}

export function useQuote() {
  return useMutation({
    mutationFn: (input: QuoteInput) =>
      apiFetch<Quote>('/api/payments/quote', { method: 'POST', body: JSON.stringify(input) }),
  });
}

export const transactionsQueryOptions = queryOptions({
  queryKey: ['transactions'],
  queryFn: () => apiFetch<Transaction[]>('/api/transactions'),
});

/** Submits a payment; afterwards the transactions and the user (balance) reload. */
export function useSubmitPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTransactionInput) =>
      apiFetch<Transaction>('/api/transactions/create', {
        method: 'POST',
        body: JSON.stringify(input),
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: transactionsQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey }),
      ]),
  });
}

/** A catalogue item as the server prices it; the link's own price is never trusted. */
export function usePurchasable(id: string | null) {
  return useQuery({
    queryKey: ['orders', 'item', id],
    queryFn: () => apiFetch<Purchasable>(`/api/orders/items/${encodeURIComponent(id ?? '')}`),
    enabled: id !== null,
  });
}

/** Buys an item from the balance at once; the balance, orders and history reload. */
export function useBuyFromBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: { itemId: string; orderId?: string }) =>
      apiFetch<Order>('/api/orders', { method: 'POST', body: JSON.stringify(order) }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey }),
      ]),
  });
}
