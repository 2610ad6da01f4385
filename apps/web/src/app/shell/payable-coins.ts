import { type CryptoCurrency, FOOTER_CRYPTO } from '@parley/shared/domain';
import { useQuery } from '@tanstack/react-query';
import { payableCoinsQueryOptions } from '@/lib/account-queries';

/**
 * The coins a customer can pay in now, as the server decides (a wallet and a fresh rate).
 * The shell asks for them (the footer, on the landing page too); a payment form reads the
 * same endpoint under the same key (queryKeys.payableCoins).
 */
export function usePayableCoins() {
  return useQuery(payableCoinsQueryOptions);
}

/** Each payable coin once, the footer's usual ones first in their order, then the rest. */
export function payableCurrencies(coins: readonly { currency: CryptoCurrency }[]) {
  const codes = new Set(coins.map((c) => c.currency));
  const rank = (c: CryptoCurrency) => {
    const at = FOOTER_CRYPTO.indexOf(c);
    return at < 0 ? FOOTER_CRYPTO.length : at;
  };
  return [...codes].sort((a, b) => rank(a) - rank(b));
}
