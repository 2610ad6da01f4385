import type { AdminPayment, CryptoWallet, ExchangeRate, Transaction } from '@parley/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api-client';
import { adminAnalyticsQueryOptions, ledgerCheckQueryOptions } from './get-analytics';
import { adminUsersQueryOptions } from './get-users';

const polled = { refetchInterval: 10_000, refetchIntervalInBackground: false } as const;

export const adminPaymentsQueryOptions = queryOptions({
  queryKey: ['admin', 'payments'],
  queryFn: () => apiFetch<AdminPayment[]>('/api/admin/payments'),
});

/** Refetched every 10 s while the tab is visible (SPEC §9). */
export function useAdminPayments() {
  return useQuery({ ...adminPaymentsQueryOptions, ...polled });
}

/**
 * A decision refused because the payment was decided already (another admin, another tab,
 * or a second click that reached the server): nothing failed, the list is just behind.
 */
export function isAlreadyDecided(err: unknown): boolean {
  return err instanceof ApiError && err.code === 'ALREADY_DECIDED';
}

/** Approves or rejects a payment; whatever the answer, the lists it changes reload. */
export function useDecidePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      action,
      notes,
    }: {
      id: string;
      action: 'approve' | 'reject';
      notes: string;
    }) =>
      apiFetch<Transaction>(`/api/admin/payments/${id}/${action}`, {
        method: 'POST',
        body: JSON.stringify(notes.trim() ? { adminNotes: notes.trim() } : {}),
      }),
    // A decision moves a balance: the books, the figures and the users' balances reload too.
    onSettled: () =>
      Promise.all(
        [
          adminPaymentsQueryOptions.queryKey,
          ledgerCheckQueryOptions.queryKey,
          adminAnalyticsQueryOptions.queryKey,
          adminUsersQueryOptions.queryKey,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

export const adminWalletsQueryOptions = queryOptions({
  queryKey: ['admin', 'crypto-wallets'],
  queryFn: () => apiFetch<CryptoWallet[]>('/api/admin/crypto-wallets'),
});

export function useAdminWallets() {
  return useQuery({ ...adminWalletsQueryOptions, ...polled });
}

export function useWalletMutations() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminWalletsQueryOptions.queryKey }),
      queryClient.invalidateQueries({ queryKey: ['payments', 'wallets'] }),
    ]);
  return {
    create: useMutation({
      mutationFn: (body: Record<string, unknown>) =>
        apiFetch<CryptoWallet>('/api/admin/crypto-wallets', {
          method: 'POST',
          body: JSON.stringify(body),
        }),
      onSuccess: refresh,
    }),
    toggle: useMutation({
      mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
        apiFetch<CryptoWallet>(`/api/admin/crypto-wallets/${id}`, {
          method: 'PUT',
          body: JSON.stringify({ isActive }),
        }),
      onSuccess: refresh,
    }),
  };
}

export const adminRatesQueryOptions = queryOptions({
  queryKey: ['admin', 'rates'],
  queryFn: () => apiFetch<ExchangeRate[]>('/api/admin/rates'),
});

export function useAdminRates() {
  return useQuery(adminRatesQueryOptions);
}

export function useSetRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ base, quote, rate }: { base: string; quote: string; rate: string }) =>
      apiFetch<ExchangeRate>(`/api/admin/rates/${base}/${quote}`, {
        method: 'PUT',
        body: JSON.stringify({ rate }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminRatesQueryOptions.queryKey }),
  });
}
