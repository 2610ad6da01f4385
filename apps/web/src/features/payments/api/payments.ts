import type { CreateTransactionInput, QuoteInput, QuoteStatus } from '@parley/shared';
import { ordersApi, paymentsApi } from '@parley/shared/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { subscriptionsKey, walletsQueryOptions } from '@/lib/account-queries';
import { call } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export function usePaymentWallets() {
  return useQuery(walletsQueryOptions);
}

/**
 * The coins and chains payable now, as the footer reads them (same key): beside the
 * fixed wallets, the watched networks that quote an address of their own.
 */
export function usePayableCoinList() {
  return useQuery({
    queryKey: queryKeys.payableCoins,
    queryFn: () => call(paymentsApi.coins),
    staleTime: 60_000,
  });
}

/** A watched quote's status (its deposits): the pay page's live line reads it. */
export const quoteStatusKey = (id: string) => ['payments', 'quote-status', id] as const;

/** How often an open quote's status is read again even with the stream up: a safety net. */
export const QUOTE_STATUS_POLL_MS = 15_000;

/**
 * Fetched on load; the event stream then keeps it current (customer-events.ts). Until a
 * deposit is credited it is also read again slowly, so a lost event cannot leave the page
 * waiting for ever.
 */
export function useQuoteStatus(id: string | null) {
  return useQuery<QuoteStatus>({
    queryKey: quoteStatusKey(id ?? ''),
    queryFn: () => call(paymentsApi.quoteStatus, { params: { id: id ?? '' } }),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data?.deposits.some((d) => d.status === 'credited')
        ? false
        : QUOTE_STATUS_POLL_MS,
  });
}

export function useQuote() {
  return useMutation({
    mutationFn: (input: QuoteInput) => call(paymentsApi.quote, { body: input }),
  });
}

/** Submits a payment; afterwards the transactions and the user (balance) reload. */
export function useSubmitPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTransactionInput) => call(paymentsApi.create, { body: input }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.transactions }),
        queryClient.invalidateQueries({ queryKey: queryKeys.user }),
      ]),
  });
}

/**
 * A catalogue item as the server prices it (the link's own price is never trusted),
 * named in the reader's language.
 */
export function usePurchasable(id: string | null) {
  const lang = useTranslation().i18n.language;
  return useQuery({
    queryKey: queryKeys.orderItem(id ?? undefined, lang),
    queryFn: () => call(ordersApi.item, { params: { id: id ?? '' }, query: { lang } }),
    enabled: id !== null,
  });
}

/**
 * Buys an item from the balance at once; the balance, orders and monthly items reload (a
 * plan page may have read the items before the purchase).
 */
export function useBuyFromBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: { itemId: string; orderId?: string; trunkId?: string }) =>
      call(ordersApi.buy, { body: order }),
    onSuccess: () =>
      Promise.all([
        // A trunk or a trunk add-on changes the trunk page.
        queryClient.invalidateQueries({ queryKey: queryKeys.sipTrunks }),
        // An SMTP package opens the relay on the SMTP page.
        queryClient.invalidateQueries({ queryKey: queryKeys.mail }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
        queryClient.invalidateQueries({ queryKey: subscriptionsKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.user }),
      ]),
  });
}
