import type { Transaction } from '@parley/shared';
import type { TFunction } from 'i18next';

/**
 * What a payment is for, in the reader's language: a top-up is "Add Funds" (the server
 * stores English there, the kind says what it is); a purchase keeps its item's name.
 */
export function paymentServiceName(t: TFunction, tx: Pick<Transaction, 'kind' | 'serviceName'>) {
  return tx.kind === 'topup' ? t('paymentText.topUp') : tx.serviceName;
}

/**
 * The notes on a payment: what the admin typed, as typed, then the server's own notes
 * (codes) in the reader's language; null when there are none.
 */
export function paymentNotes(
  t: TFunction,
  tx: Pick<Transaction, 'adminNotes' | 'noteCodes'>,
): string | null {
  const parts = [
    tx.adminNotes?.trim(),
    ...(tx.noteCodes ?? []).map((code) => t(`paymentText.notes.${code}`)),
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : null;
}
