import { useTranslation } from 'react-i18next';

/** A field's error for display: our own are translation keys, a server's shows as it came. */
export function useSmsErrorText() {
  const { t } = useTranslation();
  return (error: string | undefined) => (error?.startsWith('sms.') ? t(error) : error);
}
