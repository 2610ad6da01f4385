import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormErrorMessage } from '@/components/form-error';
import { ApiError } from '@/lib/api-client';
import { fieldTexts } from '@/lib/field-errors';
import { isUnauthorized, type SignInAgain } from '@/lib/session-expired';
import { showToast } from '@/lib/toast';

/** An admin change refused because the session ended: this toast, then sign in again. */
export const ADMIN_SIGN_IN: { signInAgain: SignInAgain } = {
  signInAgain: { title: 'admin.unauthorized' },
};

/**
 * What an admin sees when a change is refused: 'Error' with the server's message
 * (translated by code where we can), or 'Operation failed'. A 401 is the query
 * client's (ADMIN_SIGN_IN).
 */
export function useAdminErrorToast() {
  const { t } = useTranslation();
  const messageOf = useFormErrorMessage();
  return (err: unknown) => {
    if (isUnauthorized(err)) return;
    const failed = t('admin.operationFailed');
    showToast('error', t('common.error'), messageOf(err, failed, failed));
  };
}

/**
 * A decision (a payment, a sender ID) refused because it was decided already (another
 * admin, another tab, or a second click that reached the server): nothing failed, the
 * list is just behind.
 */
export function isAlreadyDecided(err: unknown): boolean {
  return err instanceof ApiError && err.code === 'ALREADY_DECIDED';
}

/**
 * An admin form's answer from the server: a refused save puts each field's message under
 * its field (`rejections` counts them, so the form can move focus) and shows the toast.
 */
export function useAdminFormErrors() {
  const { t } = useTranslation();
  const errorToast = useAdminErrorToast();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [rejections, setRejections] = useState(0);
  return {
    serverErrors,
    rejections,
    clear: () => setServerErrors({}),
    /** The admin edited `name`: its message from the server goes. */
    clearField: (name: string) =>
      setServerErrors((old) => {
        if (!(name in old)) return old;
        const { [name]: _, ...rest } = old;
        return rest;
      }),
    onError: (err: unknown) => {
      if (err instanceof ApiError) {
        setServerErrors(fieldTexts(t, err.fields));
        setRejections((n) => n + 1);
      }
      errorToast(err);
    },
  };
}
