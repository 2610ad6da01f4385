import { ledgerApi, ordersApi, paymentsApi, renewalsApi } from '@parley/shared/api';
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

/**
 * Where payments go, per coin and chain: the payment page and the Add Funds dialog offer
 * only the coins listed here (a coin without a wallet cannot be paid).
 */
export const walletsQueryOptions = queryOptions({
  queryKey: queryKeys.paymentWallets,
  queryFn: () => call(paymentsApi.wallets),
});

/**
 * The coins a customer can pay in now, as the server decides (a fixed wallet or a watched
 * network, and a fresh rate): the shell's footer, the Add Funds dialog and the payment
 * form share this key.
 */
export const payableCoinsQueryOptions = queryOptions({
  queryKey: queryKeys.payableCoins,
  queryFn: () => call(paymentsApi.coins),
  staleTime: 60_000,
});

/** The customer's purchases: active services and numbers, and what the balance paid. */
export const ordersQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: [...queryKeys.orders, lang],
    queryFn: () => call(ordersApi.mine, { query: { lang } }),
  });

/** The customer's ledger (their balance's history); kept out of the landing page's keys. */
export const ledgerKey = ['ledger'] as const;

/** How many of the latest adjustments the customer's history shows beside payments. */
export const RECENT_ADJUSTMENTS = 5;

/** The admin's credits and debits of the customer's balance, each with its note. */
export const adjustmentsQueryOptions = queryOptions({
  queryKey: [...ledgerKey, 'adjustments'],
  queryFn: () =>
    call(ledgerApi.mine, { query: { kind: 'adjustment', pageSize: RECENT_ADJUSTMENTS } }).then(
      (page) => page.items,
    ),
});

/** The customer's monthly items; kept out of the landing page's keys. */
export const subscriptionsKey = ['subscriptions'] as const;

/**
 * The customer's monthly items, what the next 30 days ask for, and the runway: the
 * dashboard's renewals and the plan pages (which plan the customer holds) share them.
 */
export const subscriptionsQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: [...subscriptionsKey, lang],
    queryFn: () => call(renewalsApi.mine, { query: { lang } }),
  });
