import type { Package } from '@parley/shared';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatMoney } from '@/lib/money';

/** A package with its price (in its currency, per billing period), features and an action. */
export function PackageCard({
  pkg,
  action,
  headingLevel = 'h3',
}: {
  pkg: Package;
  action: ReactNode;
  headingLevel?: 'h2' | 'h3';
}) {
  const { t, i18n } = useTranslation();
  return (
    <Card className={`flex h-full flex-col ${pkg.isPopular ? 'border-primary shadow-md' : ''}`}>
      <CardHeader>
        {pkg.isPopular && (
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
