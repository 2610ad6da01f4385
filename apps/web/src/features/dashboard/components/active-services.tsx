import type { Order } from '@parley/shared';
import { PackageCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/components/ui/button';
import { useFormat } from '../use-format';
import { EmptyState, SectionCard } from './section-card';

/** What the customer has bought and still holds: services, plans, domains and numbers. */
export function ActiveServices({
  orders,
  isPending,
}: {
  orders: readonly Order[];
  isPending: boolean;
}) {
  const { t } = useTranslation();
  const { money, date } = useFormat();
  const active = orders
    .filter((o) => o.status === 'active')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <SectionCard id="dashboard-active" title={t('dashboard.active.title')} icon={PackageCheck}>
      {isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('common.loading')}
        </p>
      ) : active.length === 0 ? (
        // Also what shows when the list cannot load: nothing to act on either way.
        <EmptyState text={t('dashboard.active.empty')}>
          <a
            href="#dashboard-services"
            className={buttonVariants({ size: 'sm', variant: 'outline' })}
          >
            {t('dashboard.active.browse')}
          </a>
        </EmptyState>
      ) : (
        <ul className="divide-y">
          {active.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0">
                <p className="font-medium">{o.name}</p>
                <p className="text-xs text-muted-foreground">
                  {o.renewsAt
                    ? t('dashboard.active.renews', { date: date(o.renewsAt) })
                    : t('dashboard.active.noRenewal')}
                </p>
              </div>
              <p className="text-sm font-semibold">
                {money(o.price, o.priceCurrency)}{' '}
                <span className="font-normal text-muted-foreground">
                  {t(`serviceDetail.billing.${o.billingPeriod}`, { defaultValue: o.billingPeriod })}
                </span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
