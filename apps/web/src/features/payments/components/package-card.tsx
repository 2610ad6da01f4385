import type { Purchasable } from '@parley/shared';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { isolate, isolateName } from '@/lib/bidi';
import { formatMoney } from '@/lib/money';
import type { SelectedPackage } from '../selected-package';

/** The Selected Package card: the server's name and price when it priced the item. */
export function PackageCard({
  selected,
  item,
}: {
  selected: SelectedPackage;
  item: Purchasable | undefined;
}) {
  const { t, i18n } = useTranslation();
  const topUp = selected.kind === 'topup';
  const period = item?.billingPeriod === 'monthly' ? t('payment.perMonth') : '';
  const bought = selected.number;
  const numberText = bought
    ? bought.location
      ? t('payment.numberIn', { number: isolate(bought.number), location: bought.location })
      : t('payment.numberOnly', { number: isolate(bought.number) })
    : '';
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('payment.selectedPackage')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-2">
        <p className="text-lg font-semibold">
          {topUp ? t('payment.addFunds') : isolateName(item?.name ?? selected.name)}
        </p>
        <p className="text-sm text-muted-foreground">
          {/* A number's description is the server's English: the page words it itself. */}
          {(item?.kind !== 'number' && item?.description) ||
            numberText ||
            (topUp ? t('payment.topUpText') : t('payment.packageText'))}
        </p>
        {item ? (
          <>
            <p className="text-2xl font-bold">
              <bdi dir="ltr">
                {formatMoney(item.recurringPrice ?? item.price, item.currency, i18n.language)}
              </bdi>
              {period && (
                <span className="text-sm font-normal text-muted-foreground"> {period}</span>
              )}
            </p>
            {item.setupPrice && (
              // The setup fee is part of the first charge: say so, and what is due today.
              <dl className="space-y-1 text-sm" data-testid="price-breakdown">
                <div className="flex justify-between gap-4">
                  <dt className="text-muted-foreground">{t('payment.setupFee')}</dt>
                  <dd>
                    <bdi dir="ltr">
                      {formatMoney(item.setupPrice, item.currency, i18n.language)}
                    </bdi>
                  </dd>
                </div>
                <div className="flex justify-between gap-4 font-semibold">
                  <dt>{t('payment.dueToday')}</dt>
                  <dd>
                    <bdi dir="ltr">{formatMoney(item.price, item.currency, i18n.language)}</bdi>
                  </dd>
                </div>
              </dl>
            )}
          </>
        ) : (
          topUp &&
          selected.price && (
            <p className="text-2xl font-bold" dir="ltr">
              {formatMoney(selected.price, 'USD', i18n.language)}
            </p>
          )
        )}
      </CardContent>
    </Card>
  );
}
