import { notice, trimDecimal } from '@parley/shared';
import { AppError } from '../../lib/app-error.js';

/**
 * Whether an admin may decide a payment: pure rules on the facts the repo reads (the
 * row under its lock), worded here. The repo's update guards the same conditions, so a
 * decision racing another is refused by the database and worded by these rules.
 */

/** What the rules read of a payment. */
export interface DecisionFacts {
  status: string;
  /** Who submitted it. */
  userId: string;
  /** It shares its on-chain hash with another payment (migration 0019). */
  hashConflict: boolean;
  /** It pays a watched quote on a network still watched: the chain watcher credits it. */
  automatic?: boolean;
}

export type DecisionRefusal =
  | { reason: 'not-found' }
  | { reason: 'already'; status: string }
  | { reason: 'own-payment' }
  | { reason: 'hash-conflict' }
  | { reason: 'automatic' };

/** Why `by` may not decide the payment so, or null: checked in this order. */
export function decisionRefusal(
  row: DecisionFacts | undefined,
  status: 'approved' | 'rejected',
  by: string,
): DecisionRefusal | null {
  if (!row) return { reason: 'not-found' };
  if (row.status !== 'pending') return { reason: 'already', status: row.status };
  // Crediting it by hand too would pay the balance twice; rejecting stays allowed.
  if (status === 'approved' && row.automatic) return { reason: 'automatic' };
  // An admin never approves a payment they submitted.
  if (status === 'approved' && row.userId === by) return { reason: 'own-payment' };
  // A payment sharing its on-chain hash with another is never credited; it can still
  // be rejected.
  if (status === 'approved' && row.hashConflict) return { reason: 'hash-conflict' };
  return null;
}

/** The answer a refused decision gives (codes and HTTP statuses of the contract). */
export function decisionError(r: DecisionRefusal): AppError {
  if (r.reason === 'not-found') return new AppError('NOT_FOUND', 'No such payment.');
  if (r.reason === 'already')
    return new AppError('ALREADY_DECIDED', `This payment was already ${r.status}.`);
  if (r.reason === 'automatic')
    return new AppError(
      'PAYMENT_AUTOMATIC',
      'This payment went to its own watched address: it is credited automatically once the network confirms it, not by hand.',
    );
  if (r.reason === 'own-payment')
    return new AppError(
      'SELF_APPROVAL_FORBIDDEN',
      'You submitted this payment yourself; another admin must approve it.',
    );
  return new AppError(
    'TX_HASH_USED',
    'Another payment carries this transaction hash (see the ledger check); this one cannot be approved.',
  );
}

/** What the customer is told of a decision: in the bell, and by email when mail is set up. */
export function decisionNotice(status: 'approved' | 'rejected', reason: string | null) {
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
