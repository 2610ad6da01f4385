import type { CallStatus } from '@parley/shared';
import { CALL_STATUSES } from '@parley/shared/domain';
import { Download } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CallDirection } from '@/components/call-direction';
import { CallOutcomeCells, PagedCallsTable } from '@/components/paged-calls-table';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input, Label, Select } from '@/components/ui/input';
import { countryName } from '@/lib/country-name';
import { formatMoney } from '@/lib/money';
import {
  CALLS_PAGE_SIZE,
  type CallFilters,
  exportUrl,
  type Range,
  useMonitoringCalls,
} from '../api/monitoring';
import { RangeFields, validRange } from './range-fields';

type Draft = { status: CallStatus | ''; destination: string; range: Range };
const EMPTY: Draft = { status: '', destination: '', range: {} };

const filtersOf = (d: Draft): CallFilters => ({
  status: d.status || undefined,
  destination: d.destination.trim() || undefined,
  ...validRange(d.range),
});

/** The customer's calls: filtered by status, destination and days, paged, exported as CSV. */
export function CallsTab() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [filters, setFilters] = useState<CallFilters>({});
  const [page, setPage] = useState(1);
  const [badDestination, setBadDestination] = useState(false);
  const calls = useMonitoringCalls(filters, page);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });

  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\+?\d*$/.test(draft.destination.trim())) {
      setBadDestination(true);
      document.getElementById(`${id}-destination`)?.focus();
      return;
    }
    setBadDestination(false);
    setFilters(filtersOf(draft));
    setPage(1);
  };

  return (
    <section aria-labelledby="monitoring-calls-title" className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="monitoring-calls-title" className="me-auto text-xl font-semibold">
          {t('monitoring.tabs.calls')}
        </h2>
        <a href={exportUrl(filters)} download className={buttonVariants({ variant: 'outline' })}>
          <Download aria-hidden="true" className="me-2 size-4" />
          {t('monitoring.calls.export')}
        </a>
      </div>
      <form
        onSubmit={apply}
        aria-label={t('monitoring.calls.filters')}
        className="flex flex-wrap items-end gap-3 rounded-lg border p-4"
      >
        <div className="grid gap-1">
          <Label htmlFor={`${id}-status`}>{t('monitoring.calls.status')}</Label>
          <Select
            id={`${id}-status`}
            value={draft.status}
            onChange={(e) => setDraft({ ...draft, status: e.target.value as CallStatus | '' })}
            className="w-40"
          >
            <option value="">{t('monitoring.calls.allStatuses')}</option>
            {CALL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`callStatus.${s}`)}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-destination`}>{t('monitoring.calls.destination')}</Label>
          <Input
            id={`${id}-destination`}
            inputMode="tel"
            value={draft.destination}
            maxLength={20}
            placeholder="+44"
            aria-invalid={badDestination || undefined}
            aria-describedby={badDestination ? `${id}-destination-error` : undefined}
            onChange={(e) => setDraft({ ...draft, destination: e.target.value })}
            className="w-44"
          />
          {badDestination && (
            <p id={`${id}-destination-error`} className="text-xs text-destructive">
              {t('monitoring.calls.destinationDigits')}
            </p>
          )}
        </div>
        <RangeFields value={draft.range} onChange={(range) => setDraft({ ...draft, range })} />
        <div className="flex gap-2">
          <Button type="submit">{t('monitoring.calls.apply')}</Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setDraft(EMPTY);
              setFilters({});
              setBadDestination(false);
              setPage(1);
            }}
          >
            {t('monitoring.calls.clear')}
          </Button>
        </div>
      </form>
      <PagedCallsTable
        query={calls}
        page={page}
        onPage={setPage}
        pageSize={CALLS_PAGE_SIZE}
        errorText={t('monitoring.loadFailed')}
        empty={t('monitoring.calls.empty')}
        caption={t('monitoring.tabs.calls')}
        headers={[
          t('monitoring.calls.started'),
          t('monitoring.calls.destination'),
          t('monitoring.calls.country'),
          t('monitoring.calls.callerId'),
          t('monitoring.calls.status'),
          t('monitoring.calls.duration'),
          { label: t('monitoring.calls.cost'), end: true },
        ]}
        row={(c) => (
          <tr key={c.id} className="border-t">
            <td className="p-3 whitespace-nowrap">{date.format(new Date(c.createdAt))}</td>
            <td className="p-3">
              <span className="font-mono" dir="ltr">
                {c.destination}
              </span>{' '}
              <CallDirection call={c} />
            </td>
            <td className="p-3">{countryName(c.country, i18n.language)}</td>
            <td className="p-3 font-mono" dir="ltr">
              {c.callerId}
            </td>
            <CallOutcomeCells call={c} />
            <td className="p-3 text-end tabular-nums">
              {c.cost === null ? '—' : formatMoney(c.cost, 'GBP', i18n.language, 4)}
            </td>
          </tr>
        )}
        pagesLabel={t('monitoring.calls.pages')}
        live
      />
    </section>
  );
}
