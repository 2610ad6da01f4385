import type { CallQuote as Quote } from '@parley/shared';
import { BILLING_CURRENCY } from '@parley/shared/domain';
import { useTranslation } from 'react-i18next';
import { QuoteFrame, useSpokenOutcome } from '@/components/quote-frame';
import { ApiError } from '@/lib/api-client';
import { countryName } from '@/lib/country-name';
import { formatMoney } from '@/lib/money';
import { useVoiceErrorText } from '../api/voice-errors';
import { incrementsOf, talkTimeText } from '../call-rules';

/** How the call is billed, e.g. "First 60 s, then every 60 s" or "Per second". */
export function useIncrementsText() {
  const { t } = useTranslation();
  return (text: string) => {
    const inc = incrementsOf(text);
    if (!inc) return text;
    if (inc.first === 1 && inc.next === 1) return t('voice.quote.perSecond');
    if (inc.first === inc.next) return t('voice.quote.every', { seconds: inc.next });
    return t('voice.quote.firstThen', { first: inc.first, next: inc.next });
  };
}

/**
 * Before calling: the destination's country, its price per minute in pounds, how it is
 * billed and the longest call the balance covers now. Asked once the destination is
 * valid (the caller debounces it).
 */
export function CallQuotePanel(props: {
  /** The destination asked about; null while it is not valid. */
  destination: string | null;
  quote: Quote | undefined;
  waiting: boolean;
  error: unknown;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const errorText = useVoiceErrorText();
  const incrementsText = useIncrementsText();
  const settled = props.destination !== null && !props.waiting;
  const quote = settled ? props.quote : undefined;
  const error = settled ? props.error : null;
  const code = error instanceof ApiError ? error.code : null;

  let note: string | null = null;
  let bad = false;
  if (props.destination === null) note = t('voice.quote.hint');
  else if (props.waiting) note = t('voice.quote.loading');
  else if (error) {
    bad = true;
    note =
      code === 'INVALID_NUMBER' || code === 'VALIDATION_FAILED'
        ? null
        : errorText(error, t('voice.quote.failed'));
  } else if (quote && quote.maxSeconds <= 0) {
    bad = true;
    note = t('voice.quote.notCovered');
  } else if (quote && quote.priceCurrency !== BILLING_CURRENCY)
    note = t('voice.quote.converted', {
      price: formatMoney(quote.price, quote.priceCurrency, lang, 4),
    });

  const rate = quote ? formatMoney(quote.ratePerMinute, BILLING_CURRENCY, lang, 4) : null;
  // Only a settled outcome is announced, never the hint or the "getting the price" note.
  let outcome: string | null = '';
  if (props.destination !== null && props.waiting) outcome = null;
  else if (quote && rate)
    outcome = t('voice.quote.announced', { country: countryName(quote.country, lang), rate });
  else if (error && note) outcome = note;
  const spoken = useSpokenOutcome(outcome);

  return (
    <QuoteFrame
      titleId="sip-quote-title"
      title={t('voice.quote.title')}
      facts={[
        { label: t('voice.quote.country'), value: quote ? countryName(quote.country, lang) : '—' },
        { label: t('voice.quote.rate'), value: rate ?? '—' },
        { label: t('voice.quote.billing'), value: quote ? incrementsText(quote.increments) : '—' },
        { label: t('voice.quote.maxTime'), value: quote ? talkTimeText(quote.maxSeconds) : '—' },
      ]}
      spoken={spoken}
    >
      {quote && quote.includedSecondsLeft !== 0 && (
        <p className="text-xs text-muted-foreground">
          {quote.includedSecondsLeft === null
            ? t('voice.quote.includedUnlimited')
            : t('voice.quote.included', {
                minutes: Math.floor(quote.includedSecondsLeft / 60),
              })}
        </p>
      )}
      {note && (
        <p className={`text-xs ${bad ? 'text-destructive' : 'text-muted-foreground'}`}>{note}</p>
      )}
    </QuoteFrame>
  );
}
