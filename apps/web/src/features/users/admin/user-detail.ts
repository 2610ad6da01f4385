import type { AdjustmentInput } from '@parley/shared';
import {
  ledgerAdminApi,
  ordersAdminApi,
  paymentsAdminApi,
  smsAdminApi,
  usersAdminApi,
  webhooksAdminApi,
} from '@parley/shared/api';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ADMIN_SIGN_IN } from '@/lib/admin-errors';
import { adminKeys } from '@/lib/admin-query-keys';
import { call, urlOf } from '@/lib/api';
import { downloadFile } from '@/lib/download-file';

export const USER_LIST_PAGE_SIZE = 10;

/** One user's detail and lists, under adminUsers so that reloading the users reloads them. */
const userKey = (id: string) => [...adminKeys.adminUsers, id] as const;

export const adminUserQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...userKey(id), 'detail'],
    queryFn: () => call(usersAdminApi.get, { params: { id } }),
  });

export function useAdminUser(id: string) {
  return useQuery(adminUserQueryOptions(id));
}

type PageQuery = { page: number; pageSize: number };

/** A hook reading one page of one of a user's lists; the last page stays while the next loads. */
function pagedList<T>(list: string, fetch: (id: string, query: PageQuery) => Promise<T>) {
  return (id: string, page: number) =>
    useQuery({
      queryKey: [...userKey(id), list, page],
      queryFn: () => fetch(id, { page, pageSize: USER_LIST_PAGE_SIZE }),
      placeholderData: keepPreviousData,
    });
}

export const useUserLedger = pagedList('ledger', (id, query) =>
  call(ledgerAdminApi.forUser, { params: { id }, query }),
);
export const useUserOrders = pagedList('orders', (id, query) =>
  call(ordersAdminApi.forUser, { params: { id }, query }),
);
export const useUserSms = pagedList('sms', (id, query) =>
  call(smsAdminApi.forUser, { params: { id }, query }),
);
export const useUserPayments = pagedList('payments', (id, query) =>
  call(paymentsAdminApi.forUser, { params: { id }, query }),
);

/** The user's webhook endpoints and whether they are failing (read only). */
export function useUserWebhooks(id: string) {
  return useQuery({
    queryKey: [...userKey(id), 'webhooks'],
    queryFn: () => call(webhooksAdminApi.forUser, { params: { id }, query: {} }),
  });
}

/** After a change to a user, every list of users and that user's detail reload. */
function useReloadUsers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [adminKeys.adminUsers, adminKeys.adminAnalytics, adminKeys.adminLedgerCheck].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** Suspends (disabled) or reactivates a user. */
export function useSetUserDisabled() {
  const reload = useReloadUsers();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: string; disabled: boolean }) =>
      call(usersAdminApi.setDisabled, { params: { id }, body: { disabled } }),
    meta: ADMIN_SIGN_IN,
    onSettled: reload,
  });
}

/** A one-time password reset link for a user (audited); its token is shown once. */
export function useIssuePasswordReset() {
  return useMutation({
    mutationFn: (id: string) => call(usersAdminApi.issuePasswordReset, { params: { id } }),
    meta: ADMIN_SIGN_IN,
  });
}

/** Credits or debits a balance by hand; the body's requestId makes a retry harmless. */
export function useAdjustBalance(id: string) {
  const reload = useReloadUsers();
  return useMutation({
    mutationFn: (body: AdjustmentInput) => call(ledgerAdminApi.adjust, { params: { id }, body }),
    meta: ADMIN_SIGN_IN,
    onSettled: reload,
  });
}

/** Saves a user's statement of the days `from`–`to` (UTC) as a CSV file. */
export const downloadStatement = (id: string, from: string, to: string) =>
  downloadFile(
    urlOf(ledgerAdminApi.statement, { params: { id }, query: { from, to } }),
    `statement-${from}-${to}.csv`,
  );
