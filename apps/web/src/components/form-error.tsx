import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';

/**
 * What to show for a refused request: the translation of its code when the code alone
 * says what happened (rate limits, outages), else the server's message, else the
 * form's fallback. A request that never reached the server gets `networkFallback`.
 */
export function useFormErrorMessage() {
  const { t } = useTranslation();
  return (err: unknown, fallback: string, networkFallback: string): string => {
    if (!(err instanceof ApiError)) return networkFallback;
    // `errors` loads with the signed-in pages; the landing page's forms have `authErrors`.
    const translated = err.code
      ? t([`errors.${err.code}`, `authErrors.${err.code}`], { defaultValue: '' })
      : '';
    return translated || err.message || fallback;
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
