import { BILLING_CURRENCY } from '@parley/shared/domain';
import { useTranslation } from 'react-i18next';
import { formatBalance, formatMoney } from '@/lib/money';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per language and style: making one costs far more than using it. */
function dateFormat(language: string, style: 'medium' | 'short'): Intl.DateTimeFormat {
  const key = `${language}|${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      language,
      style === 'medium' ? { dateStyle: 'medium' } : { day: 'numeric', month: 'short' },
    );
    dateFormats.set(key, format);
  }
  return format;
}

/** Money in its own currency (the balance's by default) and dates, in the page's language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return {
    money: (amount: string, currency: string = BILLING_CURRENCY, maxDecimals = 2) =>
      formatMoney(amount, currency, language, maxDecimals),
    /** The balance to the penny, rounded down. */
    balance: (amount: string) => formatBalance(amount, language),
    date: (iso: string) => dateFormat(language, 'medium').format(new Date(iso)),
    shortDate: (iso: string) => dateFormat(language, 'short').format(new Date(iso)),
    dir: i18n.dir(language),
  };
}

/** A call's duration as m:ss; 0:00 when missing. */
export function formatDuration(seconds: number | null | undefined): string {
  const s = Math.max(0, Math.floor(seconds ?? 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
