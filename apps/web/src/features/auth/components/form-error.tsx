import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';

/**
 * The server's message for a refused request, or the spec's fallback; a request that
 * never reached the server gets the "please try again" wording.
 */
export function useFormErrorMessage() {
  const { t } = useTranslation();
  return (err: unknown, fallback: string, networkFallback: string): string => {
    if (!(err instanceof ApiError)) return networkFallback;
    if (err.code && t(`errors.${err.code}`, { defaultValue: '' })) return t(`errors.${err.code}`);
    return err.message || fallback;
  };
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-destructive/30 bg-red-50 p-3 text-sm text-destructive"
    >
      {message}
    </p>
  );
}
