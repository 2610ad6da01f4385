import type { SmsQuote } from '@parley/shared';
import { smsShape } from '@parley/shared/domain';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';

/** A country's name in the page's language, or its code when the browser has no name. */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** "…we do not send SMS to RU yet." → "RU" */
const unsupportedCountry = (err: unknown) =>
  err instanceof ApiError ? (/\b([A-Z]{2})\b(?=\s+yet)/.exec(err.message)?.[1] ?? null) : null;

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate font-semibold" dir="auto">
        {value}
      </dd>
    </div>
  );
}

/**
 * What the draft will be before it is sent: encoding and segments worked out here as
 * the user types, destination and price from the server once the draft is valid.
 */
export function QuotePanel(props: {
  message: string;
  valid: boolean;
  quote: SmsQuote | undefined;
  waiting: boolean;
  error: unknown;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const shape = smsShape(props.message);
  const quote = props.valid && !props.waiting ? props.quote : undefined;
  const error = props.valid && !props.waiting ? props.error : null;
  const code = error instanceof ApiError ? error.code : null;
  const blocked = unsupportedCountry(error);

  let note: string | null = null;
  if (!props.valid) note = t('sms.quote.hint');
  else if (props.waiting) note = t('sms.quote.loading');
  else if (code === 'DESTINATION_NOT_SUPPORTED')
    note = blocked
      ? t('sms.quote.unsupported', { country: countryName(blocked, lang) })
      : t('sms.quote.unsupportedAny');
  else if (error && code !== 'INVALID_NUMBER' && code !== 'VALIDATION_FAILED')
    note = t('sms.quote.failed');
  else if (quote)
    note = t('sms.quote.perSegment', {
      price: formatMoney(quote.unitPrice, quote.priceCurrency, lang, 4),
    });

  return (
    <section
      aria-labelledby="sms-quote-title"
      className="space-y-3 rounded-lg border bg-muted/40 p-4"
    >
      <h3 id="sms-quote-title" className="text-sm font-semibold">
        {t('sms.quote.title')}
      </h3>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Item label={t('sms.quote.encoding')} value={shape.encoding} />
        <Item label={t('sms.quote.segments')} value={String(shape.segments)} />
        <Item
          label={t('sms.quote.destination')}
          value={quote ? countryName(quote.country, lang) : '—'}
        />
        <Item
          label={t('sms.quote.price')}
          value={quote ? formatMoney(quote.price, 'GBP', lang, 4) : '—'}
        />
      </dl>
      <p
        aria-live="polite"
        className={`text-xs ${code === 'DESTINATION_NOT_SUPPORTED' ? 'text-destructive' : 'text-muted-foreground'}`}
      >
        {note}
      </p>
    </section>
  );
}
