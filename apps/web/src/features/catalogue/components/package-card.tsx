import type { Package, Subscription } from '@parley/shared';
import { BadgeCheck, Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GbpAmount } from '@/components/gbp-amount';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatMoney } from '@/lib/money';

/**
 * A package with its price (in its currency, per billing period), whether it renews,
 * features and an action; the customer's own plan (`held`) is marked, with its renewal.
 */
export function PackageCard({
  pkg,
  action,
  headingLevel = 'h3',
  held,
}: {
  pkg: Package;
  action: ReactNode;
  headingLevel?: 'h2' | 'h3';
  held?: Subscription | undefined;
}) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  const highlighted = held || pkg.isPopular;
  return (
    <Card className={`flex h-full flex-col ${highlighted ? 'border-primary shadow-md' : ''}`}>
      <CardHeader>
        {held && (
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <span className="inline-flex items-center gap-1 rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground">
              <BadgeCheck aria-hidden="true" className="size-3.5" />
              {t('renewalTerms.yourPlan')}
            </span>
            {held.renewsAt && (
              <span className="text-muted-foreground">
                {t(held.autoRenew ? 'renewalTerms.renewsOn' : 'renewalTerms.endsOn', {
                  date: date(held.renewsAt),
                })}
              </span>
            )}
          </p>
        )}
        {pkg.isPopular && !held && (
          <span className="w-fit rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground">
            {t('voip.popular')}
          </span>
        )}
        <CardTitle as={headingLevel}>{pkg.name}</CardTitle>
        <CardDescription>{pkg.description}</CardDescription>
        <p className="text-3xl font-bold">
          {formatMoney(pkg.price, pkg.currency, i18n.language)}
          <span className="text-sm font-normal text-muted-foreground">
            {' '}
            {t(`serviceDetail.billing.${pkg.billingPeriod}`, { defaultValue: '' })}
          </span>
        </p>
        <GbpAmount amount={pkg.balancePrice} currency={pkg.currency} />
        {pkg.billingPeriod === 'monthly' && (
          <p className="text-sm text-muted-foreground">{t('renewalTerms.renewsMonthly')}</p>
        )}
      </CardHeader>
      <CardContent className="flex flex-1 flex-col">
        <ul className="flex-1 space-y-2 text-sm">
          {pkg.features.map((f) => (
            <li key={f} className="flex items-center gap-2">
              <Check aria-hidden="true" className="size-4 text-primary" />
              {f}
            </li>
          ))}
        </ul>
        <div className="mt-6">{action}</div>
      </CardContent>
    </Card>
  );
}
