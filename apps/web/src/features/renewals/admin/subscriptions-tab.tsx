import {
  ADMIN_SUBSCRIPTION_FILTERS,
  type AdminSubscription,
  type AdminSubscriptionFilter,
} from '@parley/shared';
import { BILLING_CURRENCY, type OrderStatus } from '@parley/shared/domain';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActionName } from '@/components/action-name';
import { PageNav } from '@/components/admin/page-nav';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { StatusBadge, type ToneMap } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { useAdminErrorToast } from '@/lib/admin-errors';
import { ApiError } from '@/lib/api-client';
import { isolate } from '@/lib/bidi';
import { formatMoney } from '@/lib/money';
import { showToast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { ExtendGraceDialog } from './extend-grace-dialog';
import {
  ADMIN_SUBSCRIPTIONS_PAGE_SIZE,
  useAdminSubscriptionCounts,
  useAdminSubscriptions,
  useExtendGrace,
  useWaivePeriod,
} from './subscriptions-admin';

const TONES: ToneMap<OrderStatus> = {
  active: 'good',
  grace: 'waiting',
  suspended: 'bad',
  cancelled: 'neutral',
};

/** The dates that matter under each filter, as columns. */
const DATE_COLUMNS = {
  due: ['renewsAt'],
  grace: ['graceUntil'],
  suspended: ['suspendedAt', 'releaseAt'],
} as const satisfies Record<AdminSubscriptionFilter, readonly (keyof AdminSubscription)[]>;

/** Only an unpaid item (in grace or suspended) has its grace extended or its period waived. */
const unpaid = (s: AdminSubscription) => s.status === 'grace' || s.status === 'suspended';

function Row({
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

/**
 * The Subscriptions tab: monthly items renewing within 7 days, in grace or suspended, a
 * page at a time. An admin extends a grace period or waives the period due (both audited);
 * the list follows the stream's subscription.updated.
 */
export function SubscriptionsTab() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<AdminSubscriptionFilter>('due');
  const [page, setPage] = useState(1);
  const [extending, setExtending] = useState<AdminSubscription | null>(null);
  const [waiving, setWaiving] = useState<AdminSubscription | null>(null);
  const list = useAdminSubscriptions(filter, page);
  const counts = useAdminSubscriptionCounts();
  const extend = useExtendGrace();
  const waive = useWaivePeriod();
  const errorToast = useAdminErrorToast();
  const filterButton = useRef<HTMLButtonElement>(null);
  const trigger = useRef<HTMLButtonElement | null>(null);
  const changed = useRef(false);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const money = (amount: string) => formatMoney(amount, BILLING_CURRENCY, i18n.language);
  const named = (s: AdminSubscription) => ({ item: isolate(s.name), customer: isolate(s.email) });
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / ADMIN_SUBSCRIPTIONS_PAGE_SIZE));

  // The last item of the last page was dealt with: show the page before.
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);

  const failed = (err: unknown) => {
    if (err instanceof ApiError && err.code === 'SUBSCRIPTION_STATE')
      showToast('error', t('common.error'), t('admin.subscriptions.stateChanged'));
    else errorToast(err);
  };
  const open = (set: (s: AdminSubscription) => void, s: AdminSubscription) => (e: MouseEvent) => {
    trigger.current = e.currentTarget as HTMLButtonElement;
    changed.current = false;
    set(s);
  };
  // A row that changed may leave this filter: focus then goes to the filters.
  const restoreFocus = (event: Event) => {
    event.preventDefault();
    const back = !changed.current && trigger.current?.isConnected ? trigger.current : null;
    (back ?? filterButton.current)?.focus();
  };

  const confirmExtend = (item: AdminSubscription, days: number) =>
    extend.mutate(
      { id: item.id, days },
      {
        onSuccess: (after) => {
          changed.current = true;
          setExtending(null);
          showToast(
            'success',
            t('common.success'),
            t('admin.subscriptions.extend.done', {
              ...named(after),
              date: isolate(date.format(new Date(after.graceUntil ?? Date.now()))),
            }),
          );
        },
        onError: (err) => {
          setExtending(null);
          failed(err);
        },
      },
    );

  const confirmWaive = () => {
    if (!waiving) return;
    waive.mutate(waiving.id, {
      onSuccess: (after) => {
        changed.current = true;
        setWaiving(null);
        showToast(
          'success',
          t('common.success'),
          t('admin.subscriptions.waive.done', {
            ...named(after),
            date: isolate(after.renewsAt ? date.format(new Date(after.renewsAt)) : '—'),
          }),
        );
      },
      onError: (err) => {
        setWaiving(null);
        failed(err);
      },
    });
  };

  return (
    <section aria-labelledby="admin-subscriptions-title" className="space-y-4">
      <div className="space-y-1">
        <h2 id="admin-subscriptions-title" className="text-xl font-semibold">
          {t('admin.subscriptions.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('admin.subscriptions.intro')}</p>
      </div>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t('admin.subscriptions.filter')}</legend>
        {ADMIN_SUBSCRIPTION_FILTERS.map((f) => (
          <button
            key={f}
            ref={filter === f ? filterButton : undefined}
            type="button"
            aria-pressed={filter === f}
            onClick={() => {
              setFilter(f);
              setPage(1);
            }}
            className={cn(
              'rounded-full border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              filter === f
                ? 'border-primary bg-primary text-primary-foreground'
                : 'hover:bg-accent',
            )}
          >
            {t(`admin.subscriptions.filters.${f}`)}
            {counts[f] !== null && <span className="tabular-nums"> ({counts[f]})</span>}
          </button>
        ))}
      </fieldset>
      <QueryState
        query={list}
        errorText={t('admin.subscriptions.loadFailed')}
        empty={t(`admin.subscriptions.empty.${filter}`)}
        isEmpty={(data) => data.items.length === 0}
      >
        {(data) => (
          <>
            <DataTable
              cards
              caption={t(`admin.subscriptions.filters.${filter}`)}
              headers={[
                t('admin.subscriptions.columns.customer'),
                t('admin.subscriptions.columns.item'),
                t('admin.subscriptions.columns.amount'),
                t('admin.subscriptions.columns.status'),
                ...DATE_COLUMNS[filter].map((key) => t(`admin.subscriptions.columns.${key}`)),
                { label: t('admin.actions'), end: true },
              ]}
            >
              {data.items.map((s) => (
                <Row
                  key={s.id}
                  item={s}
                  filter={filter}
                  onExtend={open(setExtending, s)}
                  onWaive={open(setWaiving, s)}
                />
              ))}
            </DataTable>
            <PageNav
              label={t('admin.subscriptions.pages')}
              page={page}
              pages={pages}
              onPage={setPage}
            />
          </>
        )}
      </QueryState>
      <ExtendGraceDialog
        item={extending}
        busy={extend.isPending}
        onCancel={() => setExtending(null)}
        onExtend={confirmExtend}
        onCloseAutoFocus={restoreFocus}
      />
      <ConfirmDialog
        open={waiving !== null}
        onCancel={() => setWaiving(null)}
        title={t('admin.subscriptions.waive.title')}
        description={
          waiving &&
          t('admin.subscriptions.waive.text', {
            ...named(waiving),
            amount: isolate(money(waiving.amount)),
          })
        }
        confirm={t('admin.subscriptions.waive.action')}
        busy={waive.isPending}
        onConfirm={confirmWaive}
        onCloseAutoFocus={restoreFocus}
      />
    </section>
  );
}
