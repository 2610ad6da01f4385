import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/money';
import { SAMPLE_CURRENCY } from './sample-data';

/** m:ss, as call durations are shown everywhere in Parley. */
export function durationText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The exact sum of amounts with two decimals, as the sample data writes them. */
export function sumAmounts(amounts: readonly string[]): string {
  const pence = amounts.reduce((sum, a) => sum + BigInt(a.replace('.', '')), 0n);
  return `${pence / 100n}.${String(pence % 100n).padStart(2, '0')}`;
}

/** Formatters in the reader's language: counts, percentages, money, durations, dates. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return {
    count: (n: number) => new Intl.NumberFormat(lang).format(n),
    percent: (ratio: number) =>
      new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(ratio),
    money: (amount: string) => formatMoney(amount, SAMPLE_CURRENCY, lang),
    duration: durationText,
    ratio: (value: string) =>
      new Intl.NumberFormat(lang, { minimumFractionDigits: 1 }).format(Number(value)),
    date: (iso: string) =>
      new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(iso),
      ),
  };
}
