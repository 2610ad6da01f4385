import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatMoney } from '@/lib/money';
import { useAdminAnalytics, useRecountAnalytics } from './get-analytics';
import { LedgerCheckCard } from './ledger-check';

type Stat = { key: string; value: string; hint: string };

/** The Analytics tab: revenue, customers, payments, orders and balances from the database. */
export function AnalyticsTab() {
  const { t, i18n } = useTranslation();
  const analytics = useAdminAnalytics();
  const recount = useRecountAnalytics();
  const data = analytics.data;
  const money = (amount: string) => formatMoney(amount, data?.currency ?? 'GBP', i18n.language);
  const count = new Intl.NumberFormat(i18n.language).format;
  const decimal = (value: string) =>
    new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2 }).format(Number(value));
  const cards: Stat[] = data
    ? [
        {
          key: 'revenue',
          value: money(data.revenue.total),
          hint: t('admin.analytics.revenueHint'),
        },
        {
          key: 'revenue30',
          value: money(data.revenue.last30Days),
          hint: t('admin.analytics.revenue30Hint'),
        },
        {
          key: 'customers',
          value: count(data.customers.total),
          hint: t('admin.analytics.customersHint'),
        },
        {
          key: 'active',
          value: count(data.customers.active30Days),
          hint: t('admin.analytics.activeHint'),
        },
        {
          key: 'pending',
          value: count(data.payments.pendingCount),
          hint: t('admin.analytics.pendingHint', { amount: money(data.payments.pendingValue) }),
        },
        {
          key: 'approved',
          value: count(data.payments.approvedCount),
          hint: t('admin.analytics.rejectedHint', {
            rejected: count(data.payments.rejectedCount),
          }),
        },
        {
          key: 'orders',
          value: count(data.activeOrders.total),
          hint: t('admin.analytics.ordersHint', {
            packages: count(data.activeOrders.package),
            numbers: count(data.activeOrders.number),
            domains: count(data.activeOrders.sipDomain),
          }),
        },
        {
          key: 'balances',
          value: money(data.customerBalances),
          hint: t('admin.analytics.balancesHint'),
        },
        {
          key: 'voiceRevenue',
          value: formatMoney(data.voice.revenue.total, data.currency, i18n.language, 4),
          hint: t('admin.analytics.voiceRevenueHint', {
            amount: formatMoney(data.voice.revenue.last30Days, data.currency, i18n.language, 4),
          }),
        },
        {
          key: 'voiceMinutes',
          value: decimal(data.voice.billedMinutes.total),
          hint: t('admin.analytics.voiceMinutesHint', {
            minutes: decimal(data.voice.billedMinutes.last30Days),
            calls: count(data.voice.calls.total),
            calls30: count(data.voice.calls.last30Days),
          }),
        },
      ]
    : [];
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section aria-labelledby="admin-analytics-title" className="space-y-4">
      <div>
        <h2 id="admin-analytics-title" className="text-xl font-semibold">
          {t('admin.analytics.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('admin.analytics.text')}</p>
      </div>
      <QueryState query={analytics} errorText={t('admin.analytics.loadFailed')}>
        {(loaded) => (
          <>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {cards.map((card) => (
                <li key={card.key}>
                  <Card className="h-full">
                    <CardHeader className="pb-2">
                      <CardTitle className="text-sm font-medium text-muted-foreground">
                        {t(`admin.analytics.${card.key}`)}
                      </CardTitle>
                    </CardHeader>
                    <CardContent>
                      <p className="text-3xl font-bold tabular-nums">{card.value}</p>
                      <p className="mt-1 text-sm text-muted-foreground">{card.hint}</p>
                    </CardContent>
                  </Card>
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-xs text-muted-foreground" aria-live="polite">
                {t('admin.analytics.updated', { time: time.format(new Date(loaded.generatedAt)) })}
              </p>
              <Button
                variant="outline"
                size="sm"
                disabled={recount.isPending}
                onClick={() => recount.mutate()}
              >
                {recount.isPending ? t('admin.analytics.recounting') : t('admin.analytics.recount')}
              </Button>
              {recount.isError && (
                <p role="alert" className="text-sm text-destructive">
                  {t('admin.analytics.recountFailed')}
                </p>
              )}
            </div>
            <LedgerCheckCard />
          </>
        )}
      </QueryState>
    </section>
  );
}
