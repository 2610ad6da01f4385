import {
  type CryptoCurrency,
  canonicalTxHash,
  compareDecimal,
  type createTransactionSchema,
  isTxHashFormat,
  MIN_TOP_UP_USD,
  multiply,
  type Network,
  parsePaymentCurrency,
  paymentCurrencyLabel,
  TOP_UP_SERVICE_NAME,
  type Transaction,
} from '@parley/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/event-bus.js';
import type { CatalogueItem, OrdersService } from '../orders/orders.service.js';
import type { PaymentQuotes } from './payment-quotes.js';
import { isWatchedQuote, type QuoteRow, toTransaction } from './payment-view.js';
import type { PaymentsRepo } from './payments.repo.js';
import type { RatesService } from './rates.service.js';

type CreateInput = z.output<typeof createTransactionSchema>;

const hashRequired = () =>
  new AppError('VALIDATION_FAILED', 'Transaction hash is required.', [
    // Worded as the schema worded a missing hash before it became optional.
    {
      path: 'body.txHash',
      code: 'INVALID_TYPE',
      params: { expected: 'string' },
      message: 'Transaction hash is required',
    },
  ]);

/**
 * Claims: a customer's submission that they paid, naming its hash and the quote (or
 * paying a fresh one), a top-up or a catalogue item at the server's price. A watched
 * quote needs no hash: the submission records the intent (a purchase's item) and the
 * chain watcher closes it when the payment is credited.
 */
export function createPaymentClaims(deps: {
  repo: Pick<PaymentsRepo, 'hashTaken' | 'createTransaction'>;
  rates: Pick<RatesService, 'rate'>;
  orders: Pick<OrdersService, 'find' | 'inBilling'>;
  events: Pick<EventBus, 'publish'>;
  quoteFor: PaymentQuotes['quoteFor'];
  limits: { pendingPayments: number };
}) {
  const { repo, rates, orders, events, limits, quoteFor } = deps;

  /** The catalogue item a purchase names; the server's price, never the client's. */
  async function itemFor(input: CreateInput): Promise<CatalogueItem> {
    if (!input.itemId)
      throw new AppError('VALIDATION_FAILED', 'Name the item to buy, or pay "Add Funds".', [
        { path: 'body.itemId', code: 'ITEM_REQUIRED', message: 'Item is required for a purchase' },
      ]);
    const item = await orders.find(input.itemId);
    if (!item.available)
      throw new AppError('ITEM_UNAVAILABLE', `${item.name} is no longer available.`);
    return item;
  }

  /** A purchase's quote must be worth at least the item's price. */
  async function coversPrice(q: QuoteRow, item: CatalogueItem) {
    const price =
      item.currency === q.fiatCurrency
        ? item.price
        : multiply(item.price, await rates.rate(item.currency, q.fiatCurrency), 2, 'up');
    if (compareDecimal(q.fiatAmount, price) < 0)
      throw new AppError(
        'VALIDATION_FAILED',
        `${item.name} costs ${price} ${q.fiatCurrency}; the payment is for ${q.fiatAmount}.`,
        [
          {
            path: 'body.amount',
            code: 'AMOUNT_BELOW_MINIMUM',
            params: { minimum: price, currency: q.fiatCurrency },
            message: `Must be at least ${price} ${q.fiatCurrency}`,
          },
        ],
      );
  }

  return {
    async create(user: { id: string; email: string }, input: CreateInput): Promise<Transaction> {
      const parsed = parsePaymentCurrency(input.currency);
      const given = input.txHash;
      // The hash is checked first: a refused one writes nothing, not even a quote.
      if (parsed && given !== undefined && !isTxHashFormat(parsed.network, given))
        throw new AppError('INVALID_TX_HASH', `This is not a ${parsed.network} transaction hash.`, [
          {
            path: 'body.txHash',
            code: 'TX_HASH_INVALID',
            params: { network: parsed.network },
            message: `Not a ${parsed.network} transaction hash`,
          },
        ]);
      // Only a watched quote (its own address) is tied to its payment without a hash.
      if (given === undefined && !input.quoteId) throw hashRequired();
      const txHash =
        given === undefined ? null : parsed ? canonicalTxHash(parsed.network, given) : given;
      if (parsed && txHash && !input.quoteId && (await repo.hashTaken(txHash)))
        throw new AppError('TX_HASH_USED', 'This transaction hash has already been submitted.');
      const item = input.serviceName === TOP_UP_SERVICE_NAME ? null : await itemFor(input);
      const q = await quoteFor(user.id, input);
      if (txHash === null && !isWatchedQuote(q)) throw hashRequired();
      if (item) await coversPrice(q, item);
      else {
        const usd =
          q.fiatCurrency === 'USD'
            ? q.fiatAmount
            : multiply(q.fiatAmount, await rates.rate(q.fiatCurrency, 'USD'), 2, 'down');
        if (compareDecimal(usd, MIN_TOP_UP_USD) < 0)
          throw new AppError('BELOW_MINIMUM', 'Minimum deposit is $100 USD');
      }
      const network = q.network as Network;
      const result = await repo.createTransaction(
        {
          userId: user.id,
          kind: item ? 'purchase' : 'topup',
          serviceName: item ? item.name : input.serviceName,
          servicePrice: item ? `${item.price} ${item.currency}` : (input.servicePrice ?? null),
          itemKind: item?.kind ?? null,
          itemId: item?.id ?? null,
          chargeAmount: item ? (await orders.inBilling(item)).charged : null,
          amount: q.fiatAmount,
          amountCurrency: q.fiatCurrency,
          currency: paymentCurrencyLabel(q.currency as CryptoCurrency, network),
          network,
          walletId: q.walletId,
          walletAddress: q.address,
          // The quote's own (unique) amount: what the admin compares with the chain.
          cryptoAmount: q.cryptoAmount,
          // Naming a quote claims its amount; a quote written just now claims nothing.
          claimedCryptoAmount: input.cryptoAmount ?? (input.quoteId ? q.cryptoAmount : null),
          quoteId: q.id,
          txHash,
          creditAmount: q.creditAmount,
          creditRate: q.creditRate,
        },
        { maxPending: limits.pendingPayments },
      );
      if ('refused' in result) {
        if (result.refused === 'TOO_MANY_PENDING_PAYMENTS')
          throw new AppError(
            'TOO_MANY_PENDING_PAYMENTS',
            `You have ${limits.pendingPayments} payments awaiting approval; wait until they are decided.`,
          );
        if (result.refused === 'TX_HASH_USED')
          throw new AppError('TX_HASH_USED', 'This transaction hash has already been submitted.');
        throw new AppError('CONFLICT', 'This quote has already been submitted.');
      }
      const created = toTransaction(result.transaction);
      events.publish({
        type: 'transaction.created',
        data: {
          id: created.id,
          userId: user.id,
          email: user.email,
          kind: created.kind,
          serviceName: created.serviceName,
          currency: created.currency,
          amount: created.amount,
          amountCurrency: created.amountCurrency,
        },
      });
      return created;
    },
  };
}
