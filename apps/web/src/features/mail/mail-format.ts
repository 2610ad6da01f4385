import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/money';

/** Dates, counts, sizes and GBP amounts in the page's language. */
export function useMailFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const dateTime = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const day = new Intl.DateTimeFormat(lang, { dateStyle: 'medium' });
  const count = new Intl.NumberFormat(lang);
  const kilobytes = new Intl.NumberFormat(lang, {
    style: 'unit',
    unit: 'kilobyte',
    maximumFractionDigits: 1,
  });
  const bytes = new Intl.NumberFormat(lang, { style: 'unit', unit: 'byte' });
  return {
    when: (iso: string) => dateTime.format(new Date(iso)),
    day: (iso: string) => day.format(new Date(iso)),
    count: (n: number) => count.format(n),
    /** Bytes under 1 KB as bytes, else kilobytes of 1,024 bytes. */
    size: (n: number) => (n < 1024 ? bytes.format(n) : kilobytes.format(n / 1024)),
    gbp: (amount: string) => formatMoney(amount, 'GBP', lang),
  };
}
