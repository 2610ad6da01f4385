import type { DashboardStats, DashboardTimeframe } from '@parley/shared/domain';
import { CalendarRange, type LucideIcon, Receipt, TrendingDown, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../use-format';

function Tile({
  label,
  value,
  hint,
  detail,
  icon: Icon,
}: {
  label: string;
  value: string;
  hint: string;
  /** A second line, such as the total by kind. */
  detail?: string;
  icon: LucideIcon;
}) {
  return (
    <li className="rounded-lg border bg-card p-5 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <Icon aria-hidden="true" className="size-5 text-primary" />
      </div>
      <p className="mt-2 text-2xl font-bold">{value}</p>
      <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
      {detail && <p className="mt-1 text-xs text-muted-foreground">{detail}</p>}
    </li>
  );
}

/**
 * Available Balance, Spent, Monthly Projection and Transactions. The balance is
 * shown exactly as the account holds it (up to four decimals); `stats` rounds to pence.
 */
export function StatTiles({
  balance,
  stats,
  timeframe,
  loading,
}: {
  balance: string;
  stats: DashboardStats;
  timeframe: DashboardTimeframe;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const { money, balance: formatBalanceText } = useFormat();
  const shown = (value: string) => (loading ? '…' : value);
  return (
    <section aria-labelledby="dashboard-overview">
      <h2 id="dashboard-overview" className="sr-only">
        {t('dashboard.tiles.title')}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Tile
          icon={Wallet}
          label={t('dashboard.tiles.balance')}
          value={formatBalanceText(balance)}
          hint={t('dashboard.tiles.balanceHint')}
        />
        <Tile
          icon={TrendingDown}
          label={t('dashboard.tiles.spent')}
          value={shown(money(stats.totalSpent))}
          hint={t(`dashboard.timeframes.${timeframe}`)}
          detail={
            loading
              ? undefined
              : stats.spentByKind
                  .map((k) => `${t(`dashboard.kinds.${k.kind}`)} ${money(k.amount)}`)
                  .join(' · ')
          }
        />
        <Tile
          icon={CalendarRange}
          label={t('dashboard.tiles.monthly')}
          value={shown(money(stats.projectedMonthlySpend))}
          hint={t('dashboard.tiles.monthlyHint')}
        />
        <Tile
          icon={Receipt}
          label={t('dashboard.tiles.transactions')}
          value={shown(String(stats.transactionCount))}
          hint={t('dashboard.tiles.transactionsHint')}
        />
      </ul>
    </section>
  );
}
