import type { LedgerEntry, Order, Page, SmsMessage, Transaction } from '@parley/shared';
import { BILLING_CURRENCY, SPENT_STATUSES } from '@parley/shared/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageNav } from '@/components/admin/page-nav';
import { DataTable } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatMoney, formatSignedMoney } from '@/lib/money';
import {
  USER_LIST_PAGE_SIZE,
  useUserLedger,
  useUserOrders,
  useUserPayments,
  useUserSms,
} from './user-detail';
import { UserWebhooks } from './user-webhooks';

type Hook<T> = (id: string, page: number) => UseQueryResult<Page<T>>;

/** One of a user's lists: a table a page at a time, with its own empty and error states. */
function PagedList<T extends { id: string }>({
  userId,
  use,
  caption,
  headers,
  row,
}: {
  userId: string;
  use: Hook<T>;
  caption: string;
  headers: string[];
  row: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = use(userId, page);
  return (
    <QueryState
      query={query}
      errorText={t('admin.loadFailed')}
      empty={t('adminUsers.tabs.empty')}
      isEmpty={(data) => data.items.length === 0}
    >
      {(data) => {
        const pages = Math.max(1, Math.ceil(data.total / USER_LIST_PAGE_SIZE));
        return (
          <div className="space-y-3">
            <DataTable caption={caption} headers={headers} focusable>
              {data.items.map((item) => (
                <tr key={item.id} className="border-t align-top">
                  {row(item)}
                </tr>
              ))}
            </DataTable>
            <PageNav
              label={t('admin.listPages', { list: caption })}
              page={page}
              pages={pages}
              onPage={setPage}
            />
          </div>
        );
      }}
    </QueryState>
  );
}

const cell = 'p-3';
const nowrap = 'p-3 whitespace-nowrap tabular-nums';

/** A user's ledger, orders, SMS, payments and webhook endpoints, each in its own tab. */
export function UserActivity({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const when = (iso: string) => <td className={nowrap}>{date.format(new Date(iso))}</td>;
  const money = (amount: string, currency = BILLING_CURRENCY) => (
    <bdi>{formatMoney(amount, currency, i18n.language, 4)}</bdi>
  );
  const col = (key: string) => t(`adminUsers.columns.${key}`);
  return (
    <Tabs defaultValue="ledger" className="min-w-0 space-y-3">
      <TabsList className="h-auto flex-wrap justify-start">
        {(['ledger', 'orders', 'sms', 'payments'] as const).map((tab) => (
          <TabsTrigger key={tab} value={tab} className="flex-none">
            {t(`adminUsers.tabs.${tab}`)}
          </TabsTrigger>
        ))}
        <TabsTrigger value="webhooks" className="flex-none">
          {t('webhooks.title')}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="ledger">
        <PagedList<LedgerEntry>
          userId={userId}
          use={useUserLedger}
          caption={t('adminUsers.tabs.ledger')}
          headers={['date', 'kind', 'amount', 'reference', 'balanceAfter', 'note'].map(col)}
          row={(e) => (
            <>
              {when(e.createdAt)}
              <td className={cell}>{t(`ledgerKinds.${e.kind}`)}</td>
              <td className={nowrap}>
                <bdi>{formatSignedMoney(e.amount, e.currency, i18n.language, 4)}</bdi>
              </td>
              <td className={`${cell} font-mono text-xs break-all`} dir="ltr">
                {e.reference}
              </td>
              <td className={nowrap}>{money(e.balanceAfter, e.currency)}</td>
              <td className={`${cell} min-w-40 break-words`}>{e.note || '—'}</td>
            </>
          )}
        />
      </TabsContent>
      <TabsContent value="orders">
        <PagedList<Order>
          userId={userId}
          use={useUserOrders}
          caption={t('adminUsers.tabs.orders')}
          headers={['date', 'item', 'charged', 'paidWith', 'status'].map(col)}
          row={(o) => (
            <>
              {when(o.createdAt)}
              <td className={cell}>{o.name}</td>
              <td className={nowrap}>{money(o.charged)}</td>
              <td className={cell}>{t(`adminUsers.paidWith.${o.paidWith}`)}</td>
              <td className={cell}>{t(`adminUsers.orderStatus.${o.status}`)}</td>
            </>
          )}
        />
      </TabsContent>
      <TabsContent value="sms">
        <PagedList<SmsMessage>
          userId={userId}
          use={useUserSms}
          caption={t('adminUsers.tabs.sms')}
          headers={['date', 'recipient', 'message', 'status', 'cost'].map(col)}
          row={(m) => (
            <>
              {when(m.createdAt)}
              <td className={nowrap} dir="ltr">
                {m.recipient}
              </td>
              <td className={`${cell} min-w-40 break-words`}>{m.message}</td>
              <td className={cell}>{t(`sms.status.${m.status}`, { defaultValue: m.status })}</td>
              <td className={nowrap}>{money(m.cost)}</td>
            </>
          )}
        />
      </TabsContent>
      <TabsContent value="payments">
        <PagedList<Transaction>
          userId={userId}
          use={useUserPayments}
          caption={t('adminUsers.tabs.payments')}
          headers={['date', 'service', 'amount', 'credit', 'status'].map(col)}
          row={(p) => (
            <>
              {when(p.createdAt)}
              <td className={cell}>{p.serviceName}</td>
              <td className={nowrap} dir="ltr">
                {p.amount} {p.amountCurrency} · {p.cryptoAmount} {p.currency}
              </td>
              {/* Only an approved payment credited anything; a pending or rejected one did not. */}
              <td className={nowrap}>
                {SPENT_STATUSES.includes(p.status) ? money(p.creditAmount) : '—'}
              </td>
              <td className={cell}>{t(`admin.payments.status.${p.status}`)}</td>
            </>
          )}
        />
      </TabsContent>
      <TabsContent value="webhooks">
        <UserWebhooks userId={userId} />
      </TabsContent>
    </Tabs>
  );
}
