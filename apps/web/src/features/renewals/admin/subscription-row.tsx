import type { AdminSubscription, AdminSubscriptionFilter } from '@parley/shared';
import { BILLING_CURRENCY, type OrderStatus } from '@parley/shared/domain';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActionName } from '@/components/action-name';
import { StatusBadge, type ToneMap } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/money';

const TONES: ToneMap<OrderStatus> = {
  active: 'good',
  grace: 'waiting',
  suspended: 'bad',
  cancelled: 'neutral',
};

/** The dates that matter under each filter, as columns. */
export const DATE_COLUMNS = {
  due: ['renewsAt'],
  grace: ['graceUntil'],
  suspended: ['suspendedAt', 'releaseAt'],
} as const satisfies Record<AdminSubscriptionFilter, readonly (keyof AdminSubscription)[]>;

/** Only an unpaid item (in grace or suspended) has its grace extended or its period waived. */
const unpaid = (s: AdminSubscription) => s.status === 'grace' || s.status === 'suspended';

/** One monthly item: customer, item, amount, status, its dates, and its actions. */
export function SubscriptionRow({
  item,
  filter,
  onExtend,
  onWaive,
}: {
  item: AdminSubscription;
  filter: AdminSubscriptionFilter;
  onExtend: (event: MouseEvent<HTMLButtonElement>) => void;
  onWaive: (event: MouseEvent<HTMLButtonElement>) => void;
}) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const about = `${item.name}, ${item.email}`;
  return (
    <tr className="border-t align-top">
      <td className="p-3 break-all">
        <Link
          to={`/admin?tab=users&user=${item.userId}`}
          className="text-primary underline underline-offset-2"
        >
          <ActionName text={item.email} about={t('admin.subscriptions.openUser')} />
        </Link>
      </td>
      <td className="p-3 min-w-40 break-words">
        <bdi>{item.name}</bdi>
        {!item.autoRenew && (
          <span className="block text-xs text-muted-foreground">
            {t('admin.subscriptions.autoRenewOff')}
          </span>
        )}
      </td>
      <td className="p-3 whitespace-nowrap tabular-nums">
        <bdi>{formatMoney(item.amount, BILLING_CURRENCY, i18n.language)}</bdi>
      </td>
      <td className="p-3">
        <StatusBadge status={item.status} tones={TONES}>
          {t(`adminUsers.orderStatus.${item.status}`)}
        </StatusBadge>
      </td>
      {DATE_COLUMNS[filter].map((key) => {
        const value = item[key];
        return (
          <td key={key} className="p-3 whitespace-nowrap">
            {value ? date.format(new Date(value)) : '—'}
          </td>
        );
      })}
      <td className="p-3 text-end">
        <div className="flex flex-wrap justify-end gap-2">
          {unpaid(item) && (
            <>
              <Button size="sm" variant="outline" onClick={onExtend}>
                <ActionName text={t('admin.subscriptions.extend.action')} about={about} />
              </Button>
              <Button size="sm" variant="outline" onClick={onWaive}>
                <ActionName text={t('admin.subscriptions.waive.action')} about={about} />
              </Button>
            </>
          )}
        </div>
      </td>
    </tr>
  );
}
