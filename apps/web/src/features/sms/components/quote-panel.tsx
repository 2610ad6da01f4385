import type { SmsQuote } from '@parley/shared';
import { smsShape } from '@parley/shared/domain';
import { useTranslation } from 'react-i18next';
import { QuoteFrame, useSpokenOutcome } from '@/components/quote-frame';
import { ApiError } from '@/lib/api-client';
import { guardrailText } from '@/lib/guardrail-text';
import { formatMoney } from '@/lib/money';
import { useNumberCountry } from '../api/number-country';
import { countryName, unsupportedCountryName } from '../country';

/**
 * What the draft will be before it is sent: encoding and segments worked out here as
 * the user types, destination and price from the server once the draft is valid.
 */
export function QuotePanel(props: {
  message: string;
  valid: boolean;
  /** The recipient asked about (null while the draft is not valid). */
  recipient: string | null;
  quote: SmsQuote | undefined;
  waiting: boolean;
  error: unknown;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const shape = smsShape(props.message);
  const settled = props.valid && !props.waiting;
  const quote = settled ? props.quote : undefined;
  const error = settled ? props.error : null;
  const code = error instanceof ApiError ? error.code : null;
  const unsupported = code === 'DESTINATION_NOT_SUPPORTED';
  const premium = code === 'PREMIUM_RATE_DESTINATION' || code === 'SHARED_COST_DESTINATION';
  const limited = guardrailText(t, error, lang);
  const numberCountry = useNumberCountry(unsupported ? props.recipient : null);
  const price = quote ? formatMoney(quote.price, 'GBP', lang, 4) : null;

  let note: string | null = null;
  if (!props.valid) note = t('sms.quote.hint');
  else if (props.waiting) note = t('sms.quote.loading');
  else if (unsupported) {
    const name = unsupportedCountryName(numberCountry.data, error, lang);
    note = name ? t('sms.quote.unsupported', { country: name }) : t('sms.quote.unsupportedAny');
  } else if (premium) note = t(`errors.${code}`);
  else if (limited) note = limited;
  else if (error && code !== 'INVALID_NUMBER' && code !== 'VALIDATION_FAILED')
    note = t('sms.quote.failed');
  else if (quote)
    note = t('sms.quote.perSegment', {
      price: formatMoney(quote.unitPrice, quote.priceCurrency, lang, 4),
    });

  // What a screen reader hears: only a settled draft's outcome (its price, or why there
  // is none), never the hint or "Getting the price…"; null while it is not known.
  let outcome: string | null = '';
  if (props.valid && (props.waiting || (unsupported && numberCountry.isFetching))) outcome = null;
  else if (quote && price)
    outcome = t('sms.quote.announced', { country: countryName(quote.country, lang), price });
  else if (props.valid && error && note) outcome = note;
  const spoken = useSpokenOutcome(outcome);

  return (
    <QuoteFrame
      titleId="sms-quote-title"
      title={t('sms.quote.title')}
      truncate
      facts={[
        { label: t('sms.quote.encoding'), value: shape.encoding },
        { label: t('sms.quote.segments'), value: String(shape.segments) },
        {
          label: t('sms.quote.destination'),
          value: quote ? countryName(quote.country, lang) : '—',
        },
        { label: t('sms.quote.price'), value: price ?? '—' },
      ]}
      spoken={spoken}
    >
      {quote?.sender && (
        <p className="text-sm" data-testid="quote-sender">
          {t('sms.senders.sentAs', { sender: quote.sender.used })}{' '}
          <span className="text-muted-foreground">
            {t(`sms.senders.why.${quote.sender.status}`, { sender: quote.sender.requested })}
          </span>
        </p>
      )}
      <p
        className={`text-xs ${unsupported || premium || limited ? 'text-destructive' : 'text-muted-foreground'}`}
      >
        {note}
      </p>
    </QuoteFrame>
  );
}
