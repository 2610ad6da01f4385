import {
  type AdminPayment,
  type CryptoCurrency,
  compareDecimal,
  type Network,
  paymentUri,
  type Quote,
  type Transaction,
  trimDecimal,
} from '@parley/shared';
import { isoTime } from '../../lib/iso-time.js';
import type { PaymentListRow, PaymentsRepo } from './payments.repo.js';

// A payment and a quote as the contract shows them.

/** A payment row as drizzle reads it (times as Dates) or as the list reads it (ISO text). */
type TxRow = Omit<PaymentListRow, 'approvedAt' | 'createdAt'> & {
  approvedAt: Date | string | null;
  createdAt: Date | string;
};
export type QuoteRow = NonNullable<Awaited<ReturnType<PaymentsRepo['findQuote']>>>;

export const toTransaction = (r: TxRow): Transaction => ({
  id: r.id,
  kind: r.kind as Transaction['kind'],
  serviceName: r.serviceName,
  servicePrice: r.servicePrice,
  amount: r.amount,
  amountCurrency: r.amountCurrency,
  currency: r.currency,
  network: r.network,
  walletAddress: r.walletAddress,
  cryptoAmount: trimDecimal(r.cryptoAmount),
  txHash: r.txHash,
  creditAmount: r.creditAmount,
  status: r.status as Transaction['status'],
  adminNotes: r.adminNotes,
  noteCodes: r.noteCodes,
  approvedAt: r.approvedAt === null ? null : isoTime(r.approvedAt),
  createdAt: isoTime(r.createdAt),
});

/** The payee's name a Solana wallet shows beside the amount (Solana Pay `label`). */
const PAY_LABEL = 'Parley';

/** The watcher credits it: an address of its own, or a Solana Pay reference. */
export const isWatchedQuote = (q: { watchKeyId: string | null; reference: string | null }) =>
  q.watchKeyId !== null || q.reference !== null;

/** A quote as its customer sees it (never its derivation index); `confirmations` per network. */
export const toQuote = (
  q: QuoteRow,
  confirmations: (network: Network) => number | null = () => null,
): Quote => ({
  id: q.id,
  fiatAmount: q.fiatAmount,
  fiatCurrency: q.fiatCurrency,
  currency: q.currency,
  network: q.network,
  address: q.address,
  cryptoAmount: trimDecimal(q.cryptoAmount),
  rate: trimDecimal(q.rate),
  creditAmount: q.creditAmount,
  expiresAt: q.expiresAt.toISOString(),
  uri: paymentUri({
    currency: q.currency as CryptoCurrency,
    network: q.network as Network,
    address: q.address,
    amount: q.cryptoAmount,
    reference: q.reference,
    label: PAY_LABEL,
  }),
  watched: isWatchedQuote(q),
  confirmationsRequired: isWatchedQuote(q) ? confirmations(q.network as Network) : null,
  reference: q.reference,
});

/**
 * What the customer claims to have sent beside the quote's exact amount: the admin's
 * row warns when the claim is missing or differs (anyone can copy a hash off the chain).
 */
export function amountClaim(r: {
  cryptoAmount: string;
  claimedCryptoAmount: string | null;
}): Pick<AdminPayment, 'claimedCryptoAmount' | 'amountDiffers'> {
  const claimed = r.claimedCryptoAmount;
  return {
    claimedCryptoAmount: claimed === null ? null : trimDecimal(claimed),
    amountDiffers: claimed === null || compareDecimal(claimed, r.cryptoAmount) !== 0,
  };
}
