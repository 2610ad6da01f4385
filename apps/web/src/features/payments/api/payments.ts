import type {
  CreateTransactionInput,
  PaymentWallet,
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
