import { useTranslation } from 'react-i18next';
import { useFormErrorMessage } from '@/components/form-error';
import { ApiError } from '@/lib/api-client';
import { LOGIN_URL } from '@/lib/routes';
import { showToast } from '@/lib/toast';

/**
 * What an admin sees when a change is refused (SPEC §8): a 401 says so and signs in
 * again after 500 ms; anything else is 'Error' with the server's message (translated
 * by code where we can), or 'Operation failed'.
 */
export function useAdminErrorToast() {
  const { t } = useTranslation();
  const messageOf = useFormErrorMessage();
  return (err: unknown) => {
    if (err instanceof ApiError && err.status === 401) {
      showToast('error', t('admin.unauthorized'));
      setTimeout(() => window.location.assign(LOGIN_URL), 500);
      return;
    }
    const failed = t('admin.operationFailed');
    showToast('error', t('common.error'), messageOf(err, failed, failed));
  };
}
