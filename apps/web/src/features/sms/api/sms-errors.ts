import { useTranslation } from 'react-i18next';
import { useFormErrorMessage } from '@/components/form-error';
import { ApiError } from '@/lib/api-client';
import { guardrailText } from '@/lib/guardrail-text';
import { isUnauthorized, type SignInAgain } from '@/lib/session-expired';
import { showToast } from '@/lib/toast';

/** A send refused because the session ended: this toast, then sign in again. */
export const SMS_SIGN_IN: { signInAgain: SignInAgain } = {
  signInAgain: { title: 'sms.toast.unauthorizedTitle', text: 'sms.toast.unauthorizedText' },
};
export const isInsufficient = (err: unknown) =>
  err instanceof ApiError && (err.status === 402 || err.code === 'INSUFFICIENT_BALANCE');

/**
 * The toast for a refused send: the spending limit that refused it, balance too low, or
 * the server's reason (401: SMS_SIGN_IN).
 */
export function useSmsErrorToast() {
  const { t, i18n } = useTranslation();
  const messageOf = useFormErrorMessage();
  return (err: unknown) => {
    if (isUnauthorized(err)) return;
    const limited = guardrailText(t, err, i18n.language);
    if (limited) showToast('error', t('limits.refused.title'), limited);
    else if (isInsufficient(err)) {
      showToast('error', t('sms.toast.insufficientTitle'), t('sms.toast.insufficientText'));
    } else {
      const fallback = t('sms.toast.failed');
      showToast('error', t('common.error'), messageOf(err, fallback, fallback));
    }
  };
}
