import { BILLING_CURRENCY } from '@parley/shared/domain';
import { useTranslation } from 'react-i18next';
import { isolate } from '@/lib/bidi';
import { formatMoney } from '@/lib/money';

/**
 * The GBP amount beside a price in another currency, where it is charged to the balance:
 * `today` is what the balance would pay at today's rate (catalogue lists); `charged` is
 * what it paid (an order). Nothing for a GBP price, nor while the server has no fresh rate
 * (a null amount): a price without its GBP amount rather than a wrong one.
 */
export function GbpAmount({
  amount,
  currency,
  kind = 'today',
  className = 'text-sm text-muted-foreground',
}: {
  amount: string | null | undefined;
  currency: string;
  kind?: 'today' | 'charged';
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  if (currency === BILLING_CURRENCY || !amount) return null;
  const shown = isolate(formatMoney(amount, BILLING_CURRENCY, i18n.language));
  return (
    <span className={className} data-testid="gbp-amount">
      {t(kind === 'today' ? 'currencyRule.atTodaysRate' : 'currencyRule.charged', {
        amount: shown,
      })}
    </span>
  );
}
