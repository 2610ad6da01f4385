import {
  type AdminPayment,
  type AdminPaymentsQuery,
  BILLING_CURRENCY,
  CRYPTO_DECIMALS,
  type CryptoCurrency,
  CURRENCY_NETWORKS,
  canonicalTxHash,
  compareDecimal,
  type createTransactionSchema,
  divide,
  firstFreeAmount,
  isTxHashFormat,
  type LedgerCheck,
  largestQuotableAmount,
  localizeSoldName,
  MIN_TOP_UP_USD,
  multiply,
  type Network,
  notice,
  type Page,
  parsePaymentCurrency,
  paymentCurrencyLabel,
  QUOTE_TTL_MINUTES,
  type Quote,
  type QuoteInput,
  quoteInputSchema,
  TOP_UP_SERVICE_NAME,
  type Transaction,
  trimDecimal,
} from '@parley/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/event-bus.js';
import type { CatalogueItem, OrdersService } from '../orders/orders.service.js';
import { amountClaim, type QuoteRow, toQuote, toTransaction } from './payment-view.js';
import type { PaymentsRepo } from './payments.repo.js';
import type { RatesService } from './rates.service.js';
import type { WalletsRepo } from './wallets.repo.js';

type CreateInput = z.output<typeof createTransactionSchema>;

/** An open quote is answered again only while at least this much of its time is left. */
export const QUOTE_REUSE_MIN_MS = 60_000;

/** What the customer is told of a decision: in the bell, and by email when mail is set up. */
function decisionNotice(status: 'approved' | 'rejected', reason: string | null) {
  return (row: { id: string; cryptoAmount: string; currency: string; creditAmount: string }) => {
    const crypto = `${trimDecimal(row.cryptoAmount)} ${row.currency}`;
    return {
      ...(status === 'approved'
        ? notice('payment.approved', { amount: row.creditAmount, crypto })
        : notice('payment.rejected', { crypto, reason: reason ?? undefined })),
      key: `payment.${status}:${row.id}`,
      email: true,
    };
  };
}

/**
 * Crypto payments as invoices: a quote locks the crypto amount for a while; the
 * customer's submission refers to it; an admin approves it once, which credits the
 * balance through the ledger.
 */
export function createPaymentsService(deps: {
  repo: PaymentsRepo;
  wallets: WalletsRepo;
  rates: RatesService;
  orders: Pick<OrdersService, 'find' | 'inBilling'>;
  events: EventBus;
  /** Per customer: open quotes and payments awaiting approval (MAX_OPEN_QUOTES…). */
  limits: { openQuotes: number; pendingPayments: number };
  /** Per network, the block explorer URL a hash is appended to (EXPLORER_URL_…). */
  explorers: Record<Network, string>;
  now?: () => Date;
}) {
  const { repo, wallets, rates, orders, events, limits, explorers } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * A locked quote. `reuse`: the customer asking (not a submission without a quote,
   * which always pays a quote of its own), so an open one for the same amount answers.
   */
  async function quote(
    userId: string,
    input: ReturnType<typeof quoteInputSchema.parse>,
    reuse = false,
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
    const wallet = await wallets.activeFor(currency, network);
    if (!wallet)
      throw new AppError(
        'PAYMENT_UNAVAILABLE',
        `Payments in ${paymentCurrencyLabel(currency, network)} are unavailable right now.`,
      );
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
        walletId: wallet.id,
        address: wallet.address,
        rate,
        creditAmount: multiply(input.amount, creditRate, 2, 'down'),
        creditRate,
        expiresAt: new Date(at.getTime() + QUOTE_TTL_MINUTES * 60_000),
      },
      {
        at,
        maxOpen: limits.openQuotes,
        // Everyone pays the same address: a few units of the last decimal more than
        // another open quote asks for tell the payments apart on chain.
        pickAmount: (held) => firstFreeAmount(base, held, decimals),
        // A reload or a revisit asks again: the open quote answers while it has time left.
        reuseIfOpenUntil: reuse ? new Date(at.getTime() + QUOTE_REUSE_MIN_MS) : undefined,
      },
    );
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
      : await quote(userId, {
          amount: input.amount,
          fiatCurrency: 'USD',
          currency: parsed.currency,
          network: parsed.network,
        });
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
    async quote(userId: string, input: QuoteInput): Promise<Quote> {
      return toQuote(await quote(userId, quoteInputSchema.parse(input), true));
    },

    async create(user: { id: string; email: string }, input: CreateInput): Promise<Transaction> {
      const parsed = parsePaymentCurrency(input.currency);
      // The hash is checked first: a refused one writes nothing, not even a quote.
      if (parsed && !isTxHashFormat(parsed.network, input.txHash))
        throw new AppError('INVALID_TX_HASH', `This is not a ${parsed.network} transaction hash.`, [
          {
            path: 'body.txHash',
            code: 'TX_HASH_INVALID',
            params: { network: parsed.network },
            message: `Not a ${parsed.network} transaction hash`,
          },
        ]);
      const txHash = parsed ? canonicalTxHash(parsed.network, input.txHash) : input.txHash;
      if (parsed && !input.quoteId && (await repo.hashTaken(txHash)))
        throw new AppError('TX_HASH_USED', 'This transaction hash has already been submitted.');
      const item = input.serviceName === TOP_UP_SERVICE_NAME ? null : await itemFor(input);
      const q = await quoteFor(user.id, input);
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

    /** The customer's payments, a purchased package's name in the reader's language. */
    async mine(userId: string, lang?: string): Promise<Transaction[]> {
      const rows = await repo.listForUser(userId, 100);
      const names = await repo.packageNames(
        rows.flatMap((r) => (r.itemKind === 'package' && r.itemId ? [r.itemId] : [])),
      );
      return rows.map((r) => ({
        ...toTransaction(r),
        serviceName: r.itemId
          ? localizeSoldName(r.serviceName, names.get(r.itemId), lang)
          : r.serviceName,
      }));
    },

    /** A customer's payments for an admin, a page at a time (only `status` when given). */
    async ofUser(
      userId: string,
      query: { page: number; pageSize: number; status?: Transaction['status'] },
    ): Promise<Page<Transaction>> {
      const { page, pageSize } = query;
      const { items, total } = await repo.pageForUser(userId, page, pageSize, query.status);
      return { items: items.map(toTransaction), total, page, pageSize };
    },

    async all(query: { status?: AdminPaymentsQuery['status']; limit: number; offset: number }) {
      return (await repo.listAll(query)).map(
        ({ tx, user, approverEmail }): AdminPayment => ({
          ...toTransaction(tx),
          user,
          approvedBy: tx.approvedBy,
          approverEmail,
          explorerUrl: tx.txHash
            ? `${explorers[tx.network as Network]}${encodeURIComponent(tx.txHash)}`
            : null,
          ...amountClaim(tx),
        }),
      );
    },

    async decide(
      id: string,
      status: 'approved' | 'rejected',
      admin: { id: string; ip: string | null },
      notes?: string,
    ): Promise<Transaction> {
      // No note typed: a code the customer's page words in their language.
      const typed = notes?.trim() || null;
      const fallback = status === 'approved' ? 'APPROVED_BY_ADMIN' : 'REJECTED_BY_ADMIN';
      const result = await repo.decide(id, {
        status,
        notes: typed,
        noteCodes: typed ? [] : [fallback],
        by: admin.id,
        ip: admin.ip,
        at: now(),
        notice: decisionNotice(status, typed),
      });
      if (result.outcome === 'not-found') throw new AppError('NOT_FOUND', 'No such payment.');
      if (result.outcome === 'already')
        throw new AppError('ALREADY_DECIDED', `This payment was already ${result.status}.`);
      if (result.outcome === 'own-payment')
        throw new AppError(
          'SELF_APPROVAL_FORBIDDEN',
          'You submitted this payment yourself; another admin must approve it.',
        );
      if (result.outcome === 'hash-conflict')
        throw new AppError(
          'TX_HASH_USED',
          'Another payment carries this transaction hash (see the ledger check); this one cannot be approved.',
        );
      const { row } = result;
      events.publish({
        type: 'transaction.updated',
        data: { id: row.id, userId: row.userId, status: row.status },
      });
      if (result.notice)
        events.publish({
          type: 'notification.created',
          data: { userId: row.userId, ...result.notice },
        });
      return toTransaction(row);
    },

    ledgerCheck(): Promise<LedgerCheck> {
      return repo.ledgerMismatches();
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
