import {
  BILLING_CURRENCY,
  CRYPTO_DECIMALS,
  type CryptoCurrency,
  CURRENCY_NETWORKS,
  compareDecimal,
  type createTransactionSchema,
  divide,
  firstFreeAmount,
  largestQuotableAmount,
  MIN_TOP_UP_USD,
  multiply,
  type Network,
  parsePaymentCurrency,
  paymentCurrencyLabel,
  QUOTE_TTL_MINUTES,
  type quoteInputSchema,
  TOP_UP_SERVICE_NAME,
} from '@parley/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { QuoteRow } from './payment-view.js';
import type { PaymentsRepo } from './payments.repo.js';
import { noQuoteAddresses, type QuoteAddresses } from './quote-address.js';
import type { RatesService } from './rates.service.js';
import type { WalletsRepo } from './wallets.repo.js';

type CreateInput = z.output<typeof createTransactionSchema>;

/** An open quote is answered again only while at least this much of its time is left. */
export const QUOTE_REUSE_MIN_MS = 60_000;

const unavailable = (currency: CryptoCurrency, network: Network) =>
  new AppError(
    'PAYMENT_UNAVAILABLE',
    `Payments in ${paymentCurrencyLabel(currency, network)} are unavailable right now.`,
  );

/**
 * Quotes: a crypto amount locked for a while at today's rate, paid to the quote's own
 * address on a watched network, else unique among the open quotes paying the same fixed
 * wallet; and the quote a submission pays.
 */
export function createPaymentQuotes(deps: {
  repo: Pick<PaymentsRepo, 'createQuote' | 'findQuote'>;
  wallets: Pick<WalletsRepo, 'activeFor'>;
  rates: Pick<RatesService, 'rate'>;
  limits: { openQuotes: number };
  now: () => Date;
  addresses?: Pick<QuoteAddresses, 'placeFor' | 'referenceFor'>;
}) {
  const { repo, wallets, rates, limits, now } = deps;
  const addresses = deps.addresses ?? noQuoteAddresses;

  /**
   * A locked quote. `reuse`: the customer asking (not a submission without a quote,
   * which always pays a quote of its own), so an open one for the same amount answers.
   * `fixedOnly`: a submission that already names the fixed wallet it paid.
   */
  async function quote(
    userId: string,
    input: ReturnType<typeof quoteInputSchema.parse>,
    reuse = false,
    fixedOnly = false,
  ) {
    const currency = input.currency as CryptoCurrency;
    const network: Network = input.network ?? (CURRENCY_NETWORKS[currency][0] as Network);
    if (!CURRENCY_NETWORKS[currency].includes(network))
      throw new AppError('VALIDATION_FAILED', `${currency} is not paid on ${network}.`, [
        {
          path: 'body.network',
          code: 'NETWORK_MISMATCH',
          params: { currency, network },
          message: `${currency} is not paid on ${network}`,
        },
      ]);
    const derived = fixedOnly ? null : await addresses.placeFor(network, currency);
    const wallet = derived ? null : await wallets.activeFor(currency, network);
    if (!derived && !wallet) throw unavailable(currency, network);
    // A submission naming the fixed wallet pays by hash: no reference to carry.
    const reference = wallet && !fixedOnly ? addresses.referenceFor(network, currency) : null;
    const rate = await rates.rate(currency, input.fiatCurrency);
    const creditRate = await rates.rate(input.fiatCurrency, BILLING_CURRENCY);
    // Checked before anything is written: what the amount converts to must fit too.
    const largest = largestQuotableAmount(rate, creditRate);
    if (compareDecimal(input.amount, largest) > 0)
      throw new AppError('VALIDATION_FAILED', `The amount can be at most ${largest}.`, [
        {
          path: 'body.amount',
          code: 'TOO_BIG',
          params: { maximum: largest },
          message: `Must be at most ${largest}`,
        },
      ]);
    const at = now();
    const decimals = CRYPTO_DECIMALS[currency];
    // Rounded up: the customer never sends less than the amount is worth.
    const base = divide(input.amount, rate, decimals, 'up');
    const created = await repo.createQuote(
      {
        userId,
        fiatAmount: input.amount,
        fiatCurrency: input.fiatCurrency,
        currency,
        network,
        walletId: wallet?.id ?? null,
        address: wallet?.address ?? '',
        reference,
        rate,
        creditAmount: multiply(input.amount, creditRate, 2, 'down'),
        creditRate,
        expiresAt: new Date(at.getTime() + QUOTE_TTL_MINUTES * 60_000),
      },
      {
        at,
        maxOpen: limits.openQuotes,
        derived: derived ?? undefined,
        // Everyone pays the same fixed address: a few units of the last decimal more
        // than another open quote asks for tell the payments apart on chain.
        pickAmount: (held) => (derived ? base : firstFreeAmount(base, held, decimals)),
        // A reload or a revisit asks again: the open quote answers while it has time left.
        reuseIfOpenUntil: reuse ? new Date(at.getTime() + QUOTE_REUSE_MIN_MS) : undefined,
      },
    );
    if ('refused' in created && created.refused === 'ADDRESS_UNAVAILABLE')
      throw unavailable(currency, network);
    if ('refused' in created)
      throw new AppError(
        'TOO_MANY_OPEN_QUOTES',
        `You have ${limits.openQuotes} open payment quotes; pay one or let it expire first.`,
      );
    return created.quote;
  }

  const walletMismatch = (currency: string) =>
    new AppError(
      'WALLET_MISMATCH',
      `This address is not a Parley wallet for ${currency}; pay the address shown.`,
    );

  /** The quote a submission pays: the one it names, or a fresh one at today's rate. */
  async function quoteFor(userId: string, input: CreateInput): Promise<QuoteRow> {
    const parsed = parsePaymentCurrency(input.currency);
    if (!parsed)
      throw new AppError('VALIDATION_FAILED', `Unknown payment currency: ${input.currency}.`, [
        { path: 'body.currency', code: 'CURRENCY_UNKNOWN', message: 'Unknown payment currency' },
      ]);
    if (!input.quoteId) {
      // Checked before a quote is written, so a refused submission writes nothing.
      const wallet = await wallets.activeFor(parsed.currency, parsed.network);
      if (wallet && wallet.address !== input.walletAddress) throw walletMismatch(input.currency);
      if (
        input.serviceName === TOP_UP_SERVICE_NAME &&
        compareDecimal(input.amount, MIN_TOP_UP_USD) < 0
      )
        throw new AppError('BELOW_MINIMUM', 'Minimum deposit is $100 USD');
    }
    const q = input.quoteId
      ? await repo.findQuote(input.quoteId, userId)
      : await quote(
          userId,
          {
            amount: input.amount,
            fiatCurrency: 'USD',
            currency: parsed.currency,
            network: parsed.network,
          },
          false,
          true,
        );
    if (!q) throw new AppError('NOT_FOUND', 'No such quote.');
    if (q.expiresAt.getTime() <= now().getTime())
      throw new AppError('QUOTE_EXPIRED', 'This quote has expired; ask for a new one.');
    if (q.currency !== parsed.currency || q.network !== parsed.network)
      throw new AppError('VALIDATION_FAILED', 'The currency does not match the quote.', [
        { path: 'body.currency', code: 'QUOTE_MISMATCH', message: 'Does not match the quote' },
      ]);
    if (compareDecimal(q.fiatAmount, input.amount) !== 0)
      throw new AppError('VALIDATION_FAILED', 'The amount does not match the quote.', [
        { path: 'body.amount', code: 'QUOTE_MISMATCH', message: 'Does not match the quote' },
      ]);
    if (q.address !== input.walletAddress) throw walletMismatch(input.currency);
    return q;
  }

  return { quote, quoteFor };
}
export type PaymentQuotes = ReturnType<typeof createPaymentQuotes>;
