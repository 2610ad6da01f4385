import type { Subscriptions } from '@parley/shared';
import { compareDecimal, RUNWAY_HORIZON_DAYS } from '@parley/shared/domain';
import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isolate } from '@/lib/bidi';
import { useFormat } from '../use-format';
import { AddFundsDialog } from './add-funds-dialog';
import { SectionCard } from './section-card';

const DAY_MS = 86_400_000;

/**
 * What renews in the next 30 days, item by item and in total, how many days the balance
 * covers (the runway: renewals as they fall due and the usage trend), and, when it
 * falls short, the shortfall with the way to top up.
 */
export function RenewalsCard({
  data,
  isPending,
  now = new Date(),
}: {
  data: Subscriptions | undefined;
  isPending: boolean;
  now?: Date;
}) {
  const { t, i18n } = useTranslation();
  const { money, date } = useFormat();
  if (isPending || !data)
    return (
      <SectionCard
        id="dashboard-renewals"
        title={t('dashboard.renewals.title')}
        icon={CalendarClock}
      >
        <p role="status" className="text-sm text-muted-foreground">
          {isPending ? t('common.loading') : t('dashboard.renewals.unavailable')}
        </p>
      </SectionCard>
    );
  const until = now.getTime() + 30 * DAY_MS;
  const soon = data.items
    .filter(
      (i) =>
        i.autoRenew &&
        i.renewsAt &&
        (i.status === 'active' || i.status === 'grace') &&
        new Date(i.renewsAt).getTime() <= until,
    )
    .sort((a, b) => (a.renewsAt ?? '').localeCompare(b.renewsAt ?? ''));
  const short = compareDecimal(data.shortfall, '0') > 0;
  const runway =
    data.runwayDays === null
      ? t('dashboard.renewals.runwayNone')
      : data.runwayDays >= RUNWAY_HORIZON_DAYS
        ? t('dashboard.renewals.runwayYear')
        : // The language's own plural of "day" (41 days, 41 день, ٤١ يومًا).
          new Intl.NumberFormat(i18n.language, {
            style: 'unit',
            unit: 'day',
            unitDisplay: 'long',
          }).format(data.runwayDays);
  return (
    <SectionCard id="dashboard-renewals" title={t('dashboard.renewals.title')} icon={CalendarClock}>
      <div className="space-y-4">
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-muted-foreground">{t('dashboard.renewals.runway')}</dt>
            <dd className="text-2xl font-bold" data-testid="runway">
              {runway}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">{t('dashboard.renewals.next30')}</dt>
            <dd className="text-2xl font-bold" data-testid="due-30">
              {money(data.dueIn30Days)}
            </dd>
          </div>
        </dl>
        {soon.length > 0 ? (
          <ul className="divide-y text-sm">
            {soon.map((i) => (
              <li key={i.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
                <span className="min-w-0 break-words font-medium">{isolate(i.name)}</span>
                <span className="text-muted-foreground">
                  {t('dashboard.renewals.on', {
                    date: date(i.renewsAt as string),
                    amount: money(i.amount),
                  })}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t('dashboard.renewals.nothingSoon')}</p>
        )}
        {short && (
          <div
            role="alert"
            className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900"
          >
            <p>{t('dashboard.renewals.shortfall', { amount: money(data.shortfall) })}</p>
            <AddFundsDialog label={t('dashboard.renewals.topUp')} />
          </div>
        )}
      </div>
    </SectionCard>
  );
}
