import { useTranslation } from 'react-i18next';
import { useFormErrorMessage } from '@/components/form-error';
import { ApiError } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { goToLogin } from './login-redirect';

/** SPEC §8: the 401 redirect waits this long, so the toast can be read. */
export const LOGIN_REDIRECT_DELAY_MS = 500;

export const isUnauthorized = (err: unknown) => err instanceof ApiError && err.status === 401;
export const isInsufficient = (err: unknown) =>
  err instanceof ApiError && (err.status === 402 || err.code === 'INSUFFICIENT_BALANCE');

/** The toast for a refused send: signed out, balance too low, or the server's reason. */
export function useSmsErrorToast() {
  const { t } = useTranslation();
  const messageOf = useFormErrorMessage();
  return (err: unknown) => {
    if (isUnauthorized(err)) {
      showToast('error', t('sms.toast.unauthorizedTitle'), t('sms.toast.unauthorizedText'));
      setTimeout(goToLogin, LOGIN_REDIRECT_DELAY_MS);
    } else if (isInsufficient(err)) {
      showToast('error', t('sms.toast.insufficientTitle'), t('sms.toast.insufficientText'));
    } else {
      const fallback = t('sms.toast.failed');
      showToast('error', t('common.error'), messageOf(err, fallback, fallback));
    }
  };
}
