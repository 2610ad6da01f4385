import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { fieldText } from '@/lib/field-errors';

/**
 * What to show for a refused request: the translation of its code when the code alone
 * says what happened (rate limits, outages), the translated problems of a refused form
 * ("At most 2000 characters"), else the server's message, else the form's fallback. A
 * request that never reached the server gets `networkFallback`.
 */
export function useFormErrorMessage() {
  const { t, i18n } = useTranslation();
  return (err: unknown, fallback: string, networkFallback: string): string => {
    if (!(err instanceof ApiError)) return networkFallback;
    // Field codes are translated with the signed-in pages; the server's English
    // ("body.url: …") never reaches a person where they are.
    if (
      err.code === 'VALIDATION_FAILED' &&
      err.issues.length > 0 &&
      i18n.exists('fieldErrors.INVALID')
    )
      return [...new Set(err.issues.map((issue) => fieldText(t, issue)))].join(' · ');
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
