import {
  type AdminPayment,
  type AdminPaymentsQuery,
  type LedgerCheck,
  localizeSoldName,
  type Network,
  type Page,
  type Quote,
  type QuoteInput,
  quoteInputSchema,
  type Transaction,
} from '@parley/shared';
import type { EventBus } from '../../lib/event-bus.js';
import { withFields } from '../../lib/with-fields.js';
import type { OrdersService } from '../orders/orders.service.js';
import { createPaymentClaims } from './payment-claims.js';
import { decisionError, decisionNotice, decisionRefusal } from './payment-decisions.js';
import { createPaymentQuotes, QUOTE_REUSE_MIN_MS } from './payment-quotes.js';
import { amountClaim, toQuote, toTransaction } from './payment-view.js';
import type { PaymentsRepo } from './payments.repo.js';
import { noQuoteAddresses, type QuoteAddresses } from './quote-address.js';
import { createQuoteStatus } from './quote-status.js';
import type { QuoteStatusRepo } from './quote-status.repo.js';
import type { RatesService } from './rates.service.js';
import type { WalletsRepo } from './wallets.repo.js';

export { QUOTE_REUSE_MIN_MS };

/**
 * Crypto payments as invoices: a quote locks the crypto amount for a while
 * (payment-quotes.ts); the customer's submission refers to it (payment-claims.ts); an
 * admin approves it once (payment-decisions.ts), which credits the balance through the
 * ledger.
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
  /** Addresses per quote on watched networks (none: every quote pays a fixed wallet). */
  addresses?: QuoteAddresses;
  /** The payments the chain watcher saw to a quote's address. */
  deposits?: Pick<QuoteStatusRepo, 'depositsOf'>;
  now?: () => Date;
}) {
  const { repo, wallets, rates, orders, events, limits, explorers } = deps;
  const now = deps.now ?? (() => new Date());
  const addresses = deps.addresses ?? noQuoteAddresses;
  const { quote, quoteFor } = createPaymentQuotes({
    repo,
    wallets,
    rates,
    limits,
    now,
    addresses,
  });
  const claims = createPaymentClaims({ repo, rates, orders, events, quoteFor, limits });
  const quoteStatus = createQuoteStatus({
    repo,
    deposits: deps.deposits ?? { depositsOf: async () => [] },
    confirmations: addresses.confirmations,
    now,
  });

  return {
    async quote(userId: string, input: QuoteInput): Promise<Quote> {
      const row = await quote(userId, quoteInputSchema.parse(input), true);
      return toQuote(row, addresses.confirmations);
    },

    quoteStatus,

    create: claims.create,

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
      return (await repo.listAll(query)).map((row): AdminPayment => {
        const claim = amountClaim(row);
        return withFields(toTransaction(row), {
          user: {
            id: row.userId,
            email: row.email,
            firstName: row.firstName,
            lastName: row.lastName,
          },
          approvedBy: row.approvedBy,
          approverEmail: row.approverEmail,
          explorerUrl: row.txHash
            ? `${explorers[row.network as Network]}${encodeURIComponent(row.txHash)}`
            : null,
          claimedCryptoAmount: claim.claimedCryptoAmount,
          amountDiffers: claim.amountDiffers,
        });
      });
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
        watched: (network) => addresses.configured(network as Network),
      });
      if (result.outcome === 'not-written')
        throw decisionError(
          decisionRefusal(result.before, status, admin.id) ?? {
            reason: 'already',
            status: result.before?.status ?? 'decided',
          },
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
