import type { QuoteDeposit, QuoteStatus } from '@parley/shared';
import type { EventData } from '@parley/shared/api';

type DepositEvent = EventData<'deposit.updated'>;

/** What the live line says of a watched quote's payment. */
export type DepositLine =
  | { kind: 'waiting' }
  | { kind: 'dropped' }
  | { kind: 'seen'; confirmations: number; required: number }
  | { kind: 'credited'; credit: string; late: boolean };

/**
 * The line for a quote's deposits: a credited one first (the money arrived), else one
 * waiting for confirmations, else one the network dropped (waiting again), else nothing yet.
 */
export function depositLine(deposits: readonly QuoteDeposit[]): DepositLine {
  const credited = deposits.find((d) => d.status === 'credited' && d.creditAmount !== null);
  if (credited)
    return { kind: 'credited', credit: credited.creditAmount ?? '0', late: credited.late };
  const seen = deposits.find((d) => d.status === 'seen');
  if (seen)
    return {
      kind: 'seen',
      confirmations: Math.min(seen.confirmations, seen.required),
      required: seen.required,
    };
  if (deposits.some((d) => d.status === 'dropped')) return { kind: 'dropped' };
  return { kind: 'waiting' };
}

/** The quote's status with an event's deposit written in (new, or in place of its old self). */
export function withDeposit(status: QuoteStatus, event: DepositEvent): QuoteStatus {
  const old = status.deposits.find((d) => d.id === event.id);
  const next: QuoteDeposit = {
    id: event.id,
    amount: event.amount,
    currency: event.currency,
    status: event.status,
    confirmations: event.confirmations,
    required: event.required,
    late: event.late,
    creditAmount: event.creditAmount,
    seenAt: old?.seenAt ?? new Date().toISOString(),
    creditedAt: event.status === 'credited' ? (old?.creditedAt ?? new Date().toISOString()) : null,
    flagged: event.flagged,
  };
  return {
    ...status,
    deposits: old
      ? status.deposits.map((d) => (d.id === event.id ? next : d))
      : [...status.deposits, next],
  };
}
