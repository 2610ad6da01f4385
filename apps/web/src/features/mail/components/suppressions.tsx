import type { Suppression } from '@parley/shared';
import { Ban } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '@/components/confirm-button';
import { DataTable } from '@/components/data-table';
import { useFormErrorMessage } from '@/components/form-error';
import { QueryState } from '@/components/query-state';
import { isolate } from '@/lib/bidi';
import { showToast } from '@/lib/toast';
import { useRemoveSuppression, useSuppressions } from '../api/mail';
import { useMailFormat } from '../mail-format';
import { ListPager } from './list-pager';
import { MailCard } from './mail-card';
import { SearchBox } from './search-box';

function SuppressionRow({ item, onRemove }: { item: Suppression; onRemove: () => void }) {
  const { t } = useTranslation();
  const f = useMailFormat();
  return (
    <tr className="border-t">
      <td className="p-3">
        <bdi dir="ltr" className="break-all">
          {item.address}
        </bdi>
      </td>
      <td className="p-3">{t(`mail.suppressions.reasons.${item.reason}`)}</td>
      <td className="p-3 break-words">
        {item.detail ? <bdi>{item.detail}</bdi> : <span className="text-muted-foreground">—</span>}
      </td>
      <td className="p-3">{f.when(item.createdAt)}</td>
      <td className="p-3 text-end">
        <ConfirmButton
          size="sm"
          variant="outline"
          title={t('mail.suppressions.removeTitle')}
          description={t('mail.suppressions.removeText', { address: isolate(item.address) })}
          confirmLabel={t('mail.suppressions.remove')}
          onConfirm={onRemove}
        >
          {t('mail.suppressions.remove')}
          <span className="sr-only"> {item.address}</span>
        </ConfirmButton>
      </td>
    </tr>
  );
}

/**
 * Addresses mail is no longer sent to (a hard bounce, a complaint, or added by hand),
 * searchable and paged; removing one sends to it again.
 */
export function Suppressions() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useSuppressions(q, page);
  const remove = useRemoveSuppression();
  const messageOf = useFormErrorMessage();
  // The last row of a later page removed: show the page before it.
  const emptyPage = list.data?.items.length === 0 && page > 1;
  useEffect(() => {
    if (emptyPage) setPage((p) => Math.max(1, p - 1));
  }, [emptyPage]);
  const search = useCallback((next: string) => {
    setQ(next);
    setPage(1);
  }, []);
  const removeOne = (id: string) =>
    remove.mutate(id, {
      onSuccess: () => showToast('success', t('common.success'), t('mail.suppressions.removed')),
      onError: (err) =>
        showToast(
          'error',
          t('common.error'),
          messageOf(err, t('mail.suppressions.removeFailed'), t('account.network')),
        ),
    });
  return (
    <MailCard
      id="mail-suppressions-title"
      icon={Ban}
      title={t('mail.suppressions.title')}
      description={t('mail.suppressions.description')}
    >
      <search aria-label={t('mail.suppressions.searchLabel')}>
        <SearchBox
          id="mail-suppressions-q"
          label={t('mail.suppressions.search')}
          onSearch={search}
        />
      </search>
      <QueryState
        query={list}
        errorText={t('mail.suppressions.loadFailed')}
        empty={q ? t('mail.suppressions.noMatch') : t('mail.suppressions.empty')}
        isEmpty={(data) => data.items.length === 0}
        small
      >
        {(data) => (
          <>
            <DataTable
              cards
              caption={t('mail.suppressions.title')}
              headers={[
                t('mail.suppressions.address'),
                t('mail.suppressions.reason'),
                t('mail.suppressions.detail'),
                t('mail.suppressions.date'),
                { label: t('mail.actions'), end: true },
              ]}
            >
              {data.items.map((item) => (
                <SuppressionRow key={item.id} item={item} onRemove={() => removeOne(item.id)} />
              ))}
            </DataTable>
            <ListPager
              label={t('mail.suppressions.pages')}
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={setPage}
            />
          </>
        )}
      </QueryState>
    </MailCard>
  );
}
