import { type CallStatus, pagesOf } from '@parley/shared';
import { callDurationText } from '@parley/shared/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CallStatusBadge } from '@/components/call-status-badge';
import { DataTable, type TableHeader } from '@/components/data-table';
import { Pager, pagesShown } from '@/components/pager';
import { type LoadedQuery, QueryState } from '@/components/query-state';

type Page<T> = { items: readonly T[]; total: number };

/**
 * A page of calls with its pager: the admin's calls and SIP monitoring's. The caller
 * gives the columns and draws each row; loading, failure and empty are QueryState's.
 */
export function PagedCallsTable<T>({
  query,
  page,
  onPage,
  pageSize,
  caption,
  headers,
  row,
  errorText,
  empty,
  pagesLabel,
  cards,
  live,
}: {
  query: LoadedQuery<Page<T>>;
  page: number;
  onPage: (page: number) => void;
  pageSize: number;
  caption: string;
  headers: readonly TableHeader[];
  row: (call: T) => ReactNode;
  errorText: string;
  empty: string;
  /** The pager's landmark name. */
  pagesLabel: string;
  cards?: boolean;
  live?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <QueryState
      query={query}
      errorText={errorText}
      empty={empty}
      isEmpty={(d) => d.items.length === 0}
    >
      {(data) => {
        // Past what the total counts (COUNT_CAP): "Page 2 of 50+", next open.
        const { pages, more } = pagesOf(data.total, pageSize);
        return (
          <>
            <DataTable cards={cards} caption={caption} headers={headers}>
              {data.items.map(row)}
            </DataTable>
            <Pager
              label={pagesLabel}
              status={t('monitoring.calls.pageOf', { page, pages: pagesShown(pages, page, more) })}
              previous={t('monitoring.calls.previous')}
              next={t('monitoring.calls.next')}
              hasPrevious={page > 1}
              hasNext={more || page < pages}
              onPrevious={() => onPage(page - 1)}
              onNext={() => onPage(page + 1)}
              live={live}
            />
          </>
        );
      }}
    </QueryState>
  );
}

/** A call's status (late reports marked) and duration, two cells of a calls table. */
export function CallOutcomeCells({
  call,
}: {
  call: { status: CallStatus; lateReportAt: string | null; duration: number | null };
}) {
  return (
    <>
      <td className="p-3">
        <CallStatusBadge status={call.status} lateReportAt={call.lateReportAt} />
      </td>
      <td className="p-3 tabular-nums">{callDurationText(call.duration)}</td>
    </>
  );
}
