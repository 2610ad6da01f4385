import { pagesOf } from '@parley/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listTotal, PageNav } from '@/components/admin/page-nav';
import { DataTable } from '@/components/data-table';
import { FormField } from '@/components/form-field';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { AuditChanges } from './audit-changes';
import {
  AUDIT_PAGE_SIZE,
  type AuditFilters,
  NO_AUDIT_FILTERS,
  useAuditFacets,
  useAuditPage,
} from './audit-log';

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring';

/**
 * The audit log: who approved, rejected or changed what, newest first. Any module may
 * write actions; the ones this panel knows are translated, others are shown as written.
 */
export function AuditTab() {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [page, setPage] = useState(1);
  const facets = useAuditFacets();
  const audit = useAuditPage(filters, page);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const named = (group: 'action' | 'target', raw: string) => {
    const key = `admin.audit.${group}s.${raw.replaceAll('.', '_')}`;
    return i18n.exists(key) ? t(key) : raw;
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPage(1);
  };
  const clear = () => {
    setDraft(NO_AUDIT_FILTERS);
    setFilters(NO_AUDIT_FILTERS);
    setPage(1);
  };
  const field = (name: keyof AuditFilters) => ({
    value: draft[name],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [name]: e.target.value }),
  });
  const { pages, more } = pagesOf(audit.data?.total ?? 0, AUDIT_PAGE_SIZE);
  const refused = audit.error instanceof ApiError && audit.error.status === 400;
  return (
    <section aria-labelledby="audit-title" className="space-y-4">
      <div>
        <h2 id="audit-title" className="text-xl font-semibold">
          {t('admin.audit.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('admin.audit.text')}</p>
      </div>
      <form
        onSubmit={apply}
        aria-label={t('admin.audit.filters')}
        className="grid gap-3 rounded-lg border p-3 sm:grid-cols-2 lg:grid-cols-3"
      >
        <FormField
          id="audit-action"
          label={t('admin.audit.action')}
          className="flex flex-col gap-1"
        >
          <select className={selectClass} {...field('action')}>
            <option value="">{t('admin.audit.any')}</option>
            {(facets.data?.actions ?? []).map((a) => (
              <option key={a} value={a}>
                {named('action', a)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="audit-actor" label={t('admin.audit.actor')} className="flex flex-col gap-1">
          <Input
            type="text"
            inputMode="email"
            dir="ltr"
            placeholder={t('admin.audit.actorHint')}
            {...field('actor')}
          />
        </FormField>
        <FormField
          id="audit-targetType"
          label={t('admin.audit.targetType')}
          className="flex flex-col gap-1"
        >
          <select className={selectClass} {...field('targetType')}>
            <option value="">{t('admin.audit.any')}</option>
            {(facets.data?.targetTypes ?? []).map((a) => (
              <option key={a} value={a}>
                {named('target', a)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          id="audit-targetId"
          label={t('admin.audit.targetId')}
          className="flex flex-col gap-1"
        >
          <Input type="text" dir="ltr" {...field('targetId')} />
        </FormField>
        <FormField id="audit-from" label={t('admin.audit.from')} className="flex flex-col gap-1">
          <Input type="date" {...field('from')} />
        </FormField>
        <FormField id="audit-to" label={t('admin.audit.to')} className="flex flex-col gap-1">
          <Input type="date" {...field('to')} />
        </FormField>
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
          <Button type="submit">{t('admin.audit.apply')}</Button>
          <Button type="button" variant="outline" onClick={clear}>
            {t('admin.audit.clear')}
          </Button>
        </div>
      </form>
      <QueryState
        query={audit}
        errorText={refused ? t('admin.audit.badFilters') : t('admin.loadFailed')}
        empty={<p>{t('admin.audit.empty')}</p>}
        isEmpty={(data) => data.items.length === 0}
      >
        {(data) => (
          <>
            <p className="text-sm text-muted-foreground">
              {t('admin.audit.count', { total: listTotal(data.total) })}
            </p>
            <DataTable
              caption={t('admin.audit.title')}
              headers={['when', 'actor', 'action', 'target', 'changes', 'ip'].map((c) =>
                t(`admin.audit.columns.${c}`),
              )}
              focusable
            >
              {data.items.map((e) => (
                <tr key={e.id} className="border-t align-top">
                  <td className="whitespace-nowrap p-3">{date.format(new Date(e.createdAt))}</td>
                  <td className="p-3 break-all">{e.actor?.email ?? t('admin.audit.automatic')}</td>
                  <td className="p-3">{named('action', e.action)}</td>
                  <td className="p-3">
                    <div>{named('target', e.targetType)}</div>
                    <div className="font-mono text-xs break-all" dir="ltr">
                      {e.targetId}
                    </div>
                  </td>
                  <td className="min-w-48 p-3">
                    <AuditChanges before={e.before} after={e.after} />
                  </td>
                  <td className="p-3 font-mono text-xs" dir="ltr">
                    {e.ip ?? '—'}
                  </td>
                </tr>
              ))}
            </DataTable>
            <PageNav
              label={t('admin.audit.pages')}
              page={page}
              pages={pages}
              more={more}
              onPage={setPage}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
