import {
  moneyText,
  type Network,
  type QuoteDeposit,
  type QuoteStatus,
  trimDecimal,
} from '@parley/shared';
import { AppError } from '../../lib/app-error.js';
import { toQuote } from './payment-view.js';
import type { PaymentsRepo } from './payments.repo.js';
import type { DepositRow, QuoteStatusRepo } from './quote-status.repo.js';

const toDeposit = (d: DepositRow, required: number): QuoteDeposit => ({
  id: d.id,
  amount: trimDecimal(d.amount),
  currency: d.currency,
  status: d.status as QuoteDeposit['status'],
  confirmations: d.confirmations,
  required,
  late: d.late,
  creditAmount: d.creditAmount === null ? null : moneyText(d.creditAmount),
  seenAt: d.seenAt.toISOString(),
  creditedAt: d.creditedAt ? d.creditedAt.toISOString() : null,
  // Only that it was flagged: the evidence is for admins.
  flagged: d.flaggedAt !== null,
});

/**
 * A customer's own quote as the pay page follows it: on load and after a reconnect of
 * the event stream (the `deposit.updated` events carry the same facts in between).
 */
export function createQuoteStatus(deps: {
  repo: Pick<PaymentsRepo, 'findQuote'>;
  deposits: Pick<QuoteStatusRepo, 'depositsOf'>;
  confirmations: (network: Network) => number | null;
  now: () => Date;
}) {
  return async function quoteStatus(userId: string, quoteId: string): Promise<QuoteStatus> {
    // Another customer's quote answers as if it did not exist.
    const q = await deps.repo.findQuote(quoteId, userId);
    if (!q) throw new AppError('NOT_FOUND', 'No such quote.');
    const quote = toQuote(q, deps.confirmations);
    const rows = await deps.deposits.depositsOf(q.id, userId);
    return {
      quote,
      expired: q.expiresAt.getTime() <= deps.now().getTime(),
      deposits: rows.map((d) =>
        toDeposit(d, deps.confirmations(d.network as Network) ?? quote.confirmationsRequired ?? 1),
      ),
    };
  };
}
