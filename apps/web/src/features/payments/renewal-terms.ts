import { compareDecimal } from '@parley/shared/domain';
import type { TFunction } from 'i18next';
import { formatMoney } from '@/lib/money';

/**
 * What buying a monthly item commits to, said before it is bought: "£2.37 now, then £2.37
 * monthly; stop any time", the renewal's amount always named (it differs when a number's
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
  // The same amount reads as shown now; "then monthly" alone read as a missing price.
  const monthly =
    compareDecimal(renewal, first) === 0 ? now : formatMoney(renewal, 'GBP', language);
  return t('renewalTerms.nowThenAmount', { now, monthly });
}
