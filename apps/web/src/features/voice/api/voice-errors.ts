import { useTranslation } from 'react-i18next';
import { useFormErrorMessage } from '@/components/form-error';
import { ApiError } from '@/lib/api-client';
import { regionName } from '@/lib/country-name';
import { guardrailText } from '@/lib/guardrail-text';
import type { SignInAgain } from '@/lib/session-expired';

/** A call or verification refused because the session ended: this toast, then sign in. */
export const VOICE_SIGN_IN: { signInAgain: SignInAgain } = {
  signInAgain: { title: 'voice.toast.unauthorizedTitle', text: 'voice.toast.unauthorizedText' },
};

/** The voice refusals with their own words here (outside the landing page's messages). */
export const VOICE_ERROR_CODES = [
  'CALLER_ID_NOT_VERIFIED',
  'CONCURRENT_CALL_LIMIT',
  'VERIFICATION_FAILED',
  'VERIFICATION_EXPIRED',
  'VERIFICATION_RATE_LIMITED',
  'VERIFICATION_NUMBER_LIMITED',
  'VERIFICATION_BUSY',
  'VOICE_UNAVAILABLE',
] as const;

export const isInsufficientForCall = (err: unknown) =>
  err instanceof ApiError && (err.status === 402 || err.code === 'INSUFFICIENT_BALANCE');

/**
 * A refusal's text in the page's language: the spending limit that refused it, the
 * voice screen's own words for its codes (`voice.errors.<CODE>`), else the app's
 * (`errors.<CODE>`), else the server's message, else `fallback`.
 */
export function useVoiceErrorText() {
  const { t, i18n } = useTranslation();
  const messageOf = useFormErrorMessage();
  return (err: unknown, fallback: string): string => {
    if (!(err instanceof ApiError)) return fallback;
    const limited = guardrailText(t, err, i18n.language);
    if (limited) return limited;
    if ((VOICE_ERROR_CODES as readonly string[]).includes(err.code ?? ''))
      return t(`voice.errors.${err.code}`);
    if (err.code === 'DESTINATION_NOT_SUPPORTED') {
      const name = regionName(String(err.params.country ?? ''), i18n.language);
      return name
        ? t('voice.quote.unsupported', { country: name })
        : t('voice.quote.unsupportedAny');
    }
    return messageOf(err, fallback, fallback);
  };
}
