import { ordersApi, paymentsApi } from '@parley/shared/api';
import { queryOptions } from '@tanstack/react-query';
import { call } from './api';
import { queryKeys } from './query-keys';

/** The customer's payments: the payment page, the dashboard and live updates share them. */
export const transactionsQueryOptions = queryOptions({
  queryKey: queryKeys.transactions,
  queryFn: () => call(paymentsApi.mine),
});

/** The customer's purchases: active services and numbers, and what the balance paid. */
export const ordersQueryOptions = queryOptions({
  queryKey: queryKeys.orders,
  queryFn: () => call(ordersApi.mine),
});
