import type { Quote } from '@parley/shared';
import { TOP_UP_SERVICE_NAME } from '@parley/shared/domain';
import { useTranslation } from 'react-i18next';
import { useFormErrorMessage } from '@/components/form-error';
import { ApiError } from '@/lib/api-client';
import { isUnauthorized } from '@/lib/session-expired';
import { showToast } from '@/lib/toast';
import { useSubmitPayment } from '../api/payments';
import type { Intent, PaymentTarget } from './use-crypto-payment';

/** What is sent for a payment: the quote's amount and address, the item or a top-up. */
function paymentBody(target: PaymentTarget, quote: Quote, currency: string, txHash: string) {
  // A watched quote's own address ties the payment to it: the hash is optional.
  return {
    amount: quote.fiatAmount,
    currency,
    walletAddress: quote.address,
    serviceName: target.kind === 'item' ? target.name : TOP_UP_SERVICE_NAME,
    servicePrice: target.kind === 'item' ? target.price : quote.fiatAmount,
    ...(txHash ? { txHash } : {}),
    quoteId: quote.id,
    ...(target.kind === 'item' ? { itemId: target.itemId } : {}),
  };
}

/**
 * Sends a payment's submission. A watched quote's is its intent (a purchase, bought when
 * the money arrives): the page stays, to show the payment settle; else the form is done.
 */
export function useSubmission(
  target: PaymentTarget,
  label: string,
  on: {
    intent: (intent: Intent) => void;
    submitted: () => void;
    expired: () => void;
    error: (message: string) => void;
  },
) {
  const { t } = useTranslation();
  const submit = useSubmitPayment();
  const messageOf = useFormErrorMessage();
  function send(q: Quote, hash: string) {
    // A Solana reference top-up sent with a hash is the manual path: an admin checks it.
    const intent = q.watched && !(q.reference && target.kind === 'topup');
    if (intent) on.intent('recording');
    submit.mutate(paymentBody(target, q, label, hash), {
      onSuccess: () => {
        if (intent) return on.intent('recorded');
        on.submitted();
        showToast('success', t('common.success'), t('payment.submitted'));
      },
      onError: (err) => {
        if (intent) on.intent('failed');
        // The quote ran out on the server's clock: offer a new amount, as the timer would.
        if (err instanceof ApiError && err.code === 'QUOTE_EXPIRED') return on.expired();
        const message = isUnauthorized(err)
          ? t('payment.signInFirst')
          : messageOf(err, t('payment.submitFailed'), t('payment.submitFailed'));
        on.error(message);
        showToast('error', t('common.error'), message);
      },
    });
  }
  return { send, isPending: submit.isPending };
}
