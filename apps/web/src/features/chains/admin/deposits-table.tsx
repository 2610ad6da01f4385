import {
  type ChainDeposit,
  type ChainDepositsQuery,
  DEPOSIT_STATUSES,
  type DepositStatus,
  NETWORKS,
  type Network,
} from '@parley/shared';
import { BILLING_CURRENCY, networkName } from '@parley/shared/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import { Pager } from '@/components/pager';
import { QueryState } from '@/components/query-state';
import { StatusBadge, type ToneMap } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { Checkbox, Label, Select } from '@/components/ui/input';
import { formatMoney } from '@/lib/money';
import { useChainDeposits } from './chains-admin';
import { DepositDecision } from './deposit-decision';

export const DEPOSITS_PAGE_SIZE = 20;
const TONES: ToneMap<DepositStatus> = { credited: 'good', dropped: 'bad' };

type Filter = { network: Network | ''; status: DepositStatus | ''; flagged: boolean; page: number };

const queryOf = (f: Filter): ChainDepositsQuery => ({
  ...(f.network ? { network: f.network } : {}),
  ...(f.status ? { status: f.status } : {}),
  ...(f.flagged ? { flagged: 'true' as const } : {}),
  page: f.page,
  pageSize: DEPOSITS_PAGE_SIZE,
});

/** Network, status and "flagged only": any change goes back to the first page. */
function Filters({ filter, onChange }: { filter: Filter; onChange: (f: Filter) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const set = (change: Partial<Filter>) => onChange({ ...filter, ...change, page: 1 });
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-network`}>{t('admin.chains.deposits.network')}</Label>
        <Select
          id={`${id}-network`}
          value={filter.network}
          onChange={(e) => set({ network: e.target.value as Filter['network'] })}
        >
          <option value="">{t('admin.chains.deposits.allNetworks')}</option>
          {NETWORKS.map((n) => (
            <option key={n} value={n}>
              {networkName(n)}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-status`}>{t('admin.fields.status')}</Label>
        <Select
          id={`${id}-status`}
          value={filter.status}
          onChange={(e) => set({ status: e.target.value as Filter['status'] })}
        >
          <option value="">{t('admin.chains.deposits.allStatuses')}</option>
          {DEPOSIT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`admin.chains.deposits.statuses.${s}`)}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex items-center gap-2 pb-2">
        <Checkbox
          id={`${id}-flagged`}
          checked={filter.flagged}
          onChange={(e) => set({ flagged: e.target.checked })}
        />
        <Label htmlFor={`${id}-flagged`}>{t('admin.chains.deposits.flaggedOnly')}</Label>
      </div>
    </div>
  );
}

/** Why a credited deposit was flagged: the block it was credited in is no longer the node's. */
function Evidence({ deposit }: { deposit: ChainDeposit }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!deposit.evidence) return null;
  const e = deposit.evidence;
  return (
    <div className="mt-2">
      <Button
        variant="outline"
        size="sm"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {open ? t('admin.chains.deposits.hideEvidence') : t('admin.chains.deposits.showEvidence')}
      </Button>
      {open ? (
        <dl id={id} className="mt-2 space-y-1 text-xs">
          <dt className="font-medium">{t('admin.chains.deposits.height')}</dt>
          <dd>{new Intl.NumberFormat(i18n.language).format(e.height)}</dd>
          <dt className="font-medium">{t('admin.chains.deposits.creditedBlock')}</dt>
          <dd dir="ltr" className="break-all font-mono">
            {e.creditedBlockHash}
          </dd>
          <dt className="font-medium">{t('admin.chains.deposits.nodeBlock')}</dt>
          <dd dir="ltr" className="break-all font-mono">
            {e.nodeBlockHash ?? '—'}
          </dd>
        </dl>
      ) : null}
    </div>
  );
}

function DepositRow({ d }: { d: ChainDeposit }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <tr className="border-t align-top">
      <td className="p-3">
        <div>{date.format(new Date(d.seenAt))}</div>
        <div className="text-muted-foreground">{networkName(d.network)}</div>
      </td>
      <td className="p-3 break-all">{d.customer.email}</td>
      <td className="p-3 whitespace-nowrap">
        <bdi dir="ltr">
          {d.amount} {d.currency}
        </bdi>
      </td>
      <td className="p-3">
        <div dir="ltr" className="break-all font-mono text-xs">
          {d.address}
        </div>
        <div className="text-xs text-muted-foreground">
          {d.derivationIndex === null
            ? null
            : t('admin.chains.deposits.index', { index: number.format(d.derivationIndex) })}
        </div>
      </td>
      <td className="p-3 whitespace-nowrap tabular-nums">
        <bdi dir="ltr">
          {number.format(d.confirmations)}/{number.format(d.required)}
        </bdi>
      </td>
      <td className="p-3">
        <div className="flex flex-wrap gap-1">
          <StatusBadge status={d.status} tones={TONES}>
            {t(`admin.chains.deposits.statuses.${d.status}`)}
          </StatusBadge>
          {d.late ? (
            <StatusBadge status="late" tones={{ late: 'neutral' }}>
              {t('admin.chains.deposits.late')}
            </StatusBadge>
          ) : null}
          {d.flagged ? (
            <StatusBadge status="flagged" tones={{ flagged: 'bad' }}>
              {t('admin.chains.deposits.flagged')}
            </StatusBadge>
          ) : null}
        </div>
      </td>
      <td className="p-3 whitespace-nowrap">
        {d.creditAmount === null
          ? '—'
          : formatMoney(d.creditAmount, BILLING_CURRENCY, i18n.language, 4)}
      </td>
      <td className="p-3">
        <a
          href={d.explorerUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="text-primary underline underline-offset-2"
        >
          {t('admin.chains.deposits.viewOnExplorer')}
          <span className="sr-only"> {t('admin.chains.deposits.newTab')}</span>
        </a>
        <Evidence deposit={d} />
        <DepositDecision deposit={d} />
      </td>
    </tr>
  );
}

/** Every payment the watchers found, newest first: who paid, where, how far confirmed. */
export function DepositsTable() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>({
    network: '',
    status: '',
    flagged: false,
    page: 1,
  });
  const deposits = useChainDeposits(queryOf(filter));
  const title = t('admin.chains.deposits.title');
  return (
    <section aria-labelledby="chain-deposits-title" className="min-w-0 space-y-3">
      <h3 id="chain-deposits-title" className="text-lg font-semibold">
        {title}
      </h3>
      <Filters filter={filter} onChange={setFilter} />
      <QueryState query={deposits} errorText={t('admin.loadFailed')}>
        {(page) => {
          const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
          return (
            <div className="space-y-3">
              {page.items.length === 0 ? (
                <p className="rounded-lg border p-6 text-center text-muted-foreground">
                  {t('admin.chains.deposits.empty')}
                </p>
              ) : (
                <DataTable
                  cards
                  caption={title}
                  headers={[
                    t('admin.chains.deposits.columns.seen'),
                    t('admin.chains.deposits.columns.customer'),
                    t('admin.chains.deposits.columns.amount'),
                    t('admin.chains.deposits.columns.address'),
                    t('admin.chains.columns.confirmations'),
                    t('admin.fields.status'),
                    t('admin.chains.deposits.columns.credit'),
                    t('admin.chains.deposits.columns.transaction'),
                  ]}
                >
                  {page.items.map((d) => (
                    <DepositRow key={d.id} d={d} />
                  ))}
                </DataTable>
              )}
              <Pager
                label={title}
                status={t('admin.chains.deposits.page', { page: page.page, pages })}
                previous={t('admin.chains.deposits.previous')}
                next={t('admin.chains.deposits.next')}
                hasPrevious={filter.page > 1}
                hasNext={filter.page < pages}
                onPrevious={() => setFilter({ ...filter, page: filter.page - 1 })}
                onNext={() => setFilter({ ...filter, page: filter.page + 1 })}
                live
              />
            </div>
          );
        }}
      </QueryState>
    </section>
  );
}
