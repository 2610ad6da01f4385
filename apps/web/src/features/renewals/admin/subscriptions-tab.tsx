import {
  ADMIN_SUBSCRIPTION_FILTERS,
  type AdminSubscription,
  type AdminSubscriptionFilter,
  pagesOf,
} from '@parley/shared';
import { BILLING_CURRENCY } from '@parley/shared/domain';
import { type MouseEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listTotal, PageNav } from '@/components/admin/page-nav';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { isolate } from '@/lib/bidi';
import { formatMoney } from '@/lib/money';
import { cn } from '@/lib/utils';
import { ExtendGraceDialog } from './extend-grace-dialog';
import { DATE_COLUMNS, SubscriptionRow } from './subscription-row';
import {
  ADMIN_SUBSCRIPTIONS_PAGE_SIZE,
  useAdminSubscriptionCounts,
  useAdminSubscriptions,
} from './subscriptions-admin';
import { named, useSubscriptionDecisions } from './use-subscription-decisions';

/**
 * The Subscriptions tab: monthly items renewing within 7 days, in grace or suspended, a
 * page at a time. An admin extends a grace period or waives the period due (both audited);
 * the list follows the stream's subscription.updated.
 */
export function SubscriptionsTab() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<AdminSubscriptionFilter>('due');
  const [page, setPage] = useState(1);
  const list = useAdminSubscriptions(filter, page);
  const counts = useAdminSubscriptionCounts();
  const filterButton = useRef<HTMLButtonElement>(null);
  const trigger = useRef<HTMLButtonElement | null>(null);
  const changed = useRef(false);
  const {
    extending,
    setExtending,
    waiving,
    setWaiving,
    extend,
    waive,
    confirmExtend,
    confirmWaive,
  } = useSubscriptionDecisions(changed);
  const money = (amount: string) => formatMoney(amount, BILLING_CURRENCY, i18n.language);
  const { pages, more } = pagesOf(list.data?.total ?? 0, ADMIN_SUBSCRIPTIONS_PAGE_SIZE);

  // The last item of the last page was dealt with: show the page before. (Past the total's
  // count, `more`, the last page is not known.)
  useEffect(() => {
    if (!more && page > pages) setPage(pages);
  }, [page, pages, more]);

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

  return (
    <section aria-labelledby="admin-subscriptions-title" className="space-y-4">
      <div className="space-y-1">
        <h2 id="admin-subscriptions-title" className="text-xl font-semibold">
          {t('admin.subscriptions.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('admin.subscriptions.intro')}</p>
      </div>
      <FilterButtons
        filter={filter}
        counts={counts}
        selected={filterButton}
        onFilter={(f) => {
          setFilter(f);
          setPage(1);
        }}
      />
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
                <SubscriptionRow
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
              more={more}
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

/** The filters, each with its count; the chosen one is `selected` (focus returns there). */
function FilterButtons({
  filter,
  counts,
  selected,
  onFilter,
}: {
  filter: AdminSubscriptionFilter;
  counts: Record<AdminSubscriptionFilter, number | null>;
  selected: RefObject<HTMLButtonElement | null>;
  onFilter: (filter: AdminSubscriptionFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{t('admin.subscriptions.filter')}</legend>
      {ADMIN_SUBSCRIPTION_FILTERS.map((f) => (
        <button
          key={f}
          ref={filter === f ? selected : undefined}
          type="button"
          aria-pressed={filter === f}
          onClick={() => onFilter(f)}
          className={cn(
            'rounded-full border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            filter === f ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-accent',
          )}
        >
          {t(`admin.subscriptions.filters.${f}`)}
          {counts[f] !== null && <span className="tabular-nums"> ({listTotal(counts[f])})</span>}
        </button>
      ))}
    </fieldset>
  );
}
