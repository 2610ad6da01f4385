import type { AdminPayment, CryptoWallet, ExchangeRate, Transaction } from '@parley/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api-client';
import { adminAnalyticsQueryOptions, ledgerCheckQueryOptions } from './get-analytics';
import { adminUsersQueryOptions } from './get-users';

const polled = { refetchInterval: 10_000, refetchIntervalInBackground: false } as const;

/** Rows per page of the admin's payments list (the server's default page size). */
export const PAYMENTS_PAGE_SIZE = 50;

export type PaymentsFilter = { status: AdminPayment['status'] | 'all'; page: number };

/** The URL of one page: the first page of every payment is the plain list. */
export function adminPaymentsUrl({ status, page }: PaymentsFilter): string {
  const params = new URLSearchParams();
  if (status !== 'all') params.set('status', status);
  if (page > 0) params.set('offset', String(page * PAYMENTS_PAGE_SIZE));
  const query = params.toString();
  return `/api/admin/payments${query ? `?${query}` : ''}`;
}

/** Every page and filter lives under this key; invalidating it reloads them all. */
export const adminPaymentsQueryOptions = queryOptions({
  queryKey: ['admin', 'payments'],
  queryFn: () => apiFetch<AdminPayment[]>(adminPaymentsUrl({ status: 'all', page: 0 })),
});

export const adminPaymentsPageQueryOptions = (filter: PaymentsFilter) =>
  queryOptions({
    queryKey: [...adminPaymentsQueryOptions.queryKey, filter.status, filter.page],
    queryFn: () => apiFetch<AdminPayment[]>(adminPaymentsUrl(filter)),
  });

/** One page of payments, refetched every 10 s while the tab is visible (SPEC §9). */
export function useAdminPayments(filter: PaymentsFilter = { status: 'all', page: 0 }) {
  return useQuery({
    ...adminPaymentsPageQueryOptions(filter),
    ...polled,
    // The page being left stays on screen until the next one arrives.
    placeholderData: (previous) => previous,
  });
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
