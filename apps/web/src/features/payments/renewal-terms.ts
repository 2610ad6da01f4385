import { compareDecimal } from '@parley/shared/domain';
import type { TFunction } from 'i18next';
import { formatMoney } from '@/lib/money';

/**
 * What buying a monthly item commits to, said before it is bought: "£2.37 now, then
 * monthly; stop any time", or with the renewal's own amount when it differs (a number's
 * setup fee is paid once). Null for a one-off purchase. `now` is the first charge as shown.
 */
export function renewalTerms(
  t: TFunction,
  now: string,
  first: string,
  renewal: string | null,
  language: string,
): string | null {
  if (renewal === null) return null;
  if (compareDecimal(renewal, first) === 0) return t('renewalTerms.nowThenMonthly', { now });
  return t('renewalTerms.nowThenAmount', {
    now,
    monthly: formatMoney(renewal, 'GBP', language),
  });
}
