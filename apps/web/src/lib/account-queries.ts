import { ordersApi, paymentsApi } from '@parley/shared/api';
import { queryOptions } from '@tanstack/react-query';
import { call } from './api';
import { queryKeys } from './query-keys';

/**
 * The customer's payments: the payment page, the dashboard and live updates share them;
 * a purchased package is named in the reader's language `lang`.
 */
export const transactionsQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: [...queryKeys.transactions, lang],
    queryFn: () => call(paymentsApi.mine, { query: { lang } }),
  });

/** The customer's purchases: active services and numbers, and what the balance paid. */
export const ordersQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: [...queryKeys.orders, lang],
    queryFn: () => call(ordersApi.mine, { query: { lang } }),
  });
