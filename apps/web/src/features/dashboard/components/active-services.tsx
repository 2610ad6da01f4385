import type { Order, Subscription } from '@parley/shared';
import { PackageCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { GbpAmount } from '@/components/gbp-amount';
import { StatusBadge, type ToneMap } from '@/components/status-badge';
import { buttonVariants } from '@/components/ui/button';
import { isolate } from '@/lib/bidi';
import { useFormat } from '../use-format';
import { EmptyState, SectionCard } from './section-card';
import { SubscriptionActions } from './subscription-actions';

const TONES: ToneMap<Subscription['status'] | 'ending' | 'settingUp'> = {
  active: 'good',
  settingUp: 'waiting',
  ending: 'neutral',
  grace: 'waiting',
  suspended: 'bad',
  cancelled: 'neutral',
};

/** The line under a monthly item: when it renews, ends, or must be paid by. */
function MonthlyLine({ item }: { item: Subscription }) {
  const { t } = useTranslation();
  const { money, date } = useFormat();
  const amount = money(item.amount);
  if (item.status === 'grace' && item.graceUntil)
    return <>{t('dashboard.subscriptions.graceLine', { amount, date: date(item.graceUntil) })}</>;
  if (item.status === 'suspended' && item.releaseAt)
    return (
      <>
        {t(
          item.itemKind === 'number'
            ? 'dashboard.subscriptions.suspendedLine'
            : 'dashboard.subscriptions.suspendedPlanLine',
          { amount, date: date(item.releaseAt) },
        )}
      </>
    );
  if (!item.renewsAt) return null;
  return (
    <>
      {item.autoRenew
        ? t('dashboard.subscriptions.renewsLine', { amount, date: date(item.renewsAt) })
        : t('dashboard.subscriptions.endsLine', { date: date(item.renewsAt) })}
    </>
  );
}

/** Under an item the team is setting up: who does what next. */
function SettingUpLine() {
  const { t } = useTranslation();
  return <p className="text-xs text-muted-foreground">{t('dashboard.active.settingUpLine')}</p>;
}

/**
 * What the customer holds: monthly items with their state and controls (stop or resume
 * renewal, pay and reactivate), then one-off purchases (domains) as bought.
 */
export function ActiveServices({
  orders,
  subscriptions,
  isPending,
  subscriptionsFailed = false,
}: {
  orders: readonly Order[];
  subscriptions: readonly Subscription[];
  isPending: boolean;
  /** The monthly items could not be loaded: say so rather than show "nothing bought". */
  subscriptionsFailed?: boolean;
}) {
  const { t } = useTranslation();
  const { money, date } = useFormat();
  const monthly = subscriptions.filter((s) => s.status !== 'cancelled');
  // Items the team sets up by hand show as being set up until an admin marks them done.
  const fulfilment = new Map(orders.map((o) => [o.id, o.fulfilment]));
  const settingUp = (id: string) => fulfilment.get(id) === 'open';
  const oneOff = orders
    .filter((o) => o.status === 'active' && o.renewsAt === null)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <SectionCard id="dashboard-active" title={t('dashboard.active.title')} icon={PackageCheck}>
      {isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('common.loading')}
        </p>
      ) : subscriptionsFailed && oneOff.length === 0 ? (
        <p role="alert" className="text-sm text-destructive">
          {t('dashboard.subscriptions.loadFailed')}
        </p>
      ) : monthly.length + oneOff.length === 0 ? (
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
          {monthly.map((s) => {
            const state =
              s.status === 'active' && settingUp(s.id)
                ? 'settingUp'
                : s.status === 'active' && !s.autoRenew
                  ? 'ending'
                  : s.status;
            return (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0 space-y-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    <span className="min-w-0 break-words">{isolate(s.name)}</span>
                    <StatusBadge status={state} tones={TONES}>
                      {t(`dashboard.subscriptions.status.${state}`)}
                    </StatusBadge>
                  </p>
                  {state === 'settingUp' && <SettingUpLine />}
                  <p className="text-xs text-muted-foreground">
                    <MonthlyLine item={s} />
                  </p>
                </div>
                <SubscriptionActions item={s} />
              </li>
            );
          })}
          {oneOff.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="min-w-0 break-words">{isolate(o.name)}</span>
                  {o.fulfilment !== null && (
                    <StatusBadge
                      status={o.fulfilment === 'open' ? 'settingUp' : 'active'}
                      tones={TONES}
                    >
                      {t(
                        `dashboard.subscriptions.status.${o.fulfilment === 'open' ? 'settingUp' : 'active'}`,
                      )}
                    </StatusBadge>
                  )}
                </p>
                {o.fulfilment === 'open' && <SettingUpLine />}
                <p className="text-xs text-muted-foreground">
                  {t('dashboard.active.bought', { date: date(o.createdAt) })}
                </p>
              </div>
              <p className="text-sm font-semibold">
                {money(o.price, o.priceCurrency)}{' '}
                <span className="font-normal text-muted-foreground">
                  {t(`serviceDetail.billing.${o.billingPeriod}`, { defaultValue: o.billingPeriod })}
                </span>
                {o.paidWith === 'balance' && (
                  <GbpAmount
                    amount={o.charged}
                    currency={o.priceCurrency}
                    kind="charged"
                    className="block text-xs font-normal text-muted-foreground"
                  />
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
