import type { AdminPayment, CryptoWalletInput } from '@parley/shared';
import { paymentsAdminApi } from '@parley/shared/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_SIGN_IN } from '@/lib/admin-errors';
import { adminKeys } from '@/lib/admin-query-keys';
import { call } from '@/lib/api';
import { pollWhileSeen } from '@/lib/polling';
import { queryKeys } from '@/lib/query-keys';

const polled = pollWhileSeen(10_000);

/** Rows per page of the admin's payments list (the server's default page size). */
export const PAYMENTS_PAGE_SIZE = 50;

export type PaymentsFilter = { status: AdminPayment['status'] | 'all'; page: number };

/** One page's query: the first page of every payment is the plain list. */
export function adminPaymentsQuery({ status, page }: PaymentsFilter) {
  return {
    ...(status === 'all' ? {} : { status }),
    ...(page > 0 ? { offset: page * PAYMENTS_PAGE_SIZE } : {}),
  };
}

const adminPayments = (filter: PaymentsFilter) =>
  call(paymentsAdminApi.list, { query: adminPaymentsQuery(filter) });

/** Every page and filter lives under this key; invalidating it reloads them all. */
export const adminPaymentsQueryOptions = queryOptions({
  queryKey: adminKeys.adminPayments,
  queryFn: () => adminPayments({ status: 'all', page: 0 }),
});

export const adminPaymentsPageQueryOptions = (filter: PaymentsFilter) =>
  queryOptions({
    queryKey: [...adminPaymentsQueryOptions.queryKey, filter.status, filter.page],
    queryFn: () => adminPayments(filter),
  });

/** One page of payments, refetched every 10 s while the tab is visible. */
export function useAdminPayments(filter: PaymentsFilter = { status: 'all', page: 0 }) {
  return useQuery({
    ...adminPaymentsPageQueryOptions(filter),
    ...polled,
    // The page being left stays on screen until the next one arrives.
    placeholderData: (previous) => previous,
  });
}

/** Approves or rejects a payment; whatever the answer, the lists it changes reload. */
export function useDecidePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: ADMIN_SIGN_IN,
    mutationFn: ({
      id,
      action,
      notes,
    }: {
      id: string;
      action: 'approve' | 'reject';
      notes: string;
    }) =>
      call(action === 'approve' ? paymentsAdminApi.approve : paymentsAdminApi.reject, {
        params: { id },
        body: notes.trim() ? { adminNotes: notes.trim() } : {},
      }),
    // A decision moves a balance: the books, the figures and the users' balances reload too.
    onSettled: () =>
      Promise.all(
        [
          adminPaymentsQueryOptions.queryKey,
          adminKeys.adminLedgerCheck,
          adminKeys.adminAnalytics,
          adminKeys.adminUsers,
          // The customer beside a live chat conversation (balance, pending payments).
          adminKeys.adminChat,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

export const adminWalletsQueryOptions = queryOptions({
  queryKey: adminKeys.adminWallets,
  queryFn: () => call(paymentsAdminApi.wallets),
});

export function useAdminWallets() {
  return useQuery({ ...adminWalletsQueryOptions, ...polled });
}

export function useWalletMutations() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminWalletsQueryOptions.queryKey }),
      queryClient.invalidateQueries({ queryKey: queryKeys.paymentWallets }),
      // The set-up checklist counts the wallets.
      queryClient.invalidateQueries({ queryKey: adminKeys.adminSetup }),
    ]);
  return {
    create: useMutation({
      meta: ADMIN_SIGN_IN,
      // The form's values; the server checks them against the contract.
      mutationFn: (body: Record<string, unknown>) =>
        call(paymentsAdminApi.createWallet, { body: body as CryptoWalletInput }),
      onSuccess: refresh,
    }),
    toggle: useMutation({
      meta: ADMIN_SIGN_IN,
      mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
        call(paymentsAdminApi.setWalletActive, { params: { id }, body: { isActive } }),
      onSuccess: refresh,
    }),
  };
}

export const adminRatesQueryOptions = queryOptions({
  queryKey: adminKeys.adminRates,
  queryFn: () => call(paymentsAdminApi.rates),
});

export function useAdminRates() {
  return useQuery(adminRatesQueryOptions);
}

export function useSetRate() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: ADMIN_SIGN_IN,
    mutationFn: ({ base, quote, rate }: { base: string; quote: string; rate: string }) =>
      call(paymentsAdminApi.setRate, { params: { base, quote }, body: { rate } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminRatesQueryOptions.queryKey }),
        // The set-up checklist says which rates are out of date.
        queryClient.invalidateQueries({ queryKey: adminKeys.adminSetup }),
      ]),
  });
}
