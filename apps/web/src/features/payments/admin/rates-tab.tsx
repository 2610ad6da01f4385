import type { ExchangeRate } from '@parley/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionName } from '@/components/action-name';
import { ResourceForm } from '@/components/admin/resource-form';
import { DataTable } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { useAdminFormErrors } from '@/lib/admin-errors';
import { showToast } from '@/lib/toast';
import { useAdminRates, useSetRate } from './payments-admin';

/** A length of time in the language's own units: minutes, then hours, then days. */
function duration(seconds: number, language: string): string {
  const [value, unit] =
    seconds < 3600
      ? [Math.floor(seconds / 60), 'minute']
      : seconds < 2 * 86_400
        ? [Math.floor(seconds / 360) / 10, 'hour']
        : [Math.floor(seconds / 8640) / 10, 'day'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(
    value,
  );
}

/** Exchange rates; an out-of-date one stops quotes in its currency until updated. */
export function RatesTab() {
  const { t, i18n } = useTranslation();
  const rates = useAdminRates();
  const setRate = useSetRate();
  const [editing, setEditing] = useState<ExchangeRate | null>(null);
  const form = useAdminFormErrors();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const pair = (r: ExchangeRate) => `${r.base}/${r.quote}`;
  return (
    <section aria-labelledby="rates-title" className="space-y-4">
      <div>
        <h2 id="rates-title" className="text-xl font-semibold">
          {t('admin.rates.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('admin.rates.text')}</p>
      </div>
      {rates.data?.some((r) => r.stale) && (
        <p
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
        >
          {t('admin.rates.staleNotice', {
            pairs: rates.data
              .filter((r) => r.stale)
              .map(pair)
              .join(', '),
          })}
        </p>
      )}
      <QueryState query={rates} errorText={t('admin.loadFailed')}>
        {(rows) => (
          <DataTable
            cards
            caption={t('admin.rates.title')}
            headers={[
              ...['pair', 'rate', 'source', 'updated'].map((c) => t(`admin.rates.${c}`)),
              { label: t('admin.actions'), end: true },
            ]}
          >
            {rows.map((r) => (
              <tr key={pair(r)} className={`border-t ${r.stale ? 'bg-red-50' : ''}`}>
                <td className="p-3 font-medium" dir="ltr">
                  {pair(r)}
                </td>
                <td className="p-3 font-mono" dir="ltr">
                  {r.rate}
                </td>
                <td className="p-3">{r.source}</td>
                <td className="p-3">
                  {date.format(new Date(r.updatedAt))}
                  {r.stale && (
                    <span className="ms-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-900">
                      {t('admin.rates.stale')}
                    </span>
                  )}
                  <div
                    className={`text-xs ${r.stale ? 'font-medium text-red-900' : 'text-muted-foreground'}`}
                  >
                    {t('admin.rates.age', {
                      age: duration(r.ageSeconds, i18n.language),
                      limit: duration(r.maxAgeSeconds, i18n.language),
                    })}
                  </div>
                </td>
                <td className="p-3 text-end">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => {
                      form.clear();
                      setEditing(r);
                    }}
                  >
                    <ActionName text={t('admin.rates.update')} about={pair(r)} />
                  </Button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>
      <Dialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)}>
        <DialogContent closeLabel={t('common.close')}>
          <DialogTitle>
            {editing ? t('admin.rates.updateLabel', { pair: pair(editing) }) : null}
          </DialogTitle>
          {editing && (
            <ResourceForm
              fields={[
                {
                  name: 'rate',
                  label: t('admin.rates.rateOf', { base: editing.base, quote: editing.quote }),
                  kind: 'decimal',
                  scale: 18,
                  required: t('admin.rates.rateRequired'),
                  ltr: true,
                },
              ]}
              initial={{ rate: editing.rate }}
              serverErrors={form.serverErrors}
              rejections={form.rejections}
              onEdit={form.clear}
              pending={setRate.isPending}
              submitLabel={t('admin.form.save')}
              onCancel={() => setEditing(null)}
              onSubmit={(body) =>
                setRate.mutate(
                  { base: editing.base, quote: editing.quote, rate: String(body.rate) },
                  {
                    onSuccess: () => {
                      setEditing(null);
                      showToast('success', t('common.success'), t('admin.form.saved'));
                    },
                    onError: form.onError,
                  },
                )
              }
            />
          )}
        </DialogContent>
      </Dialog>
    </section>
  );
}
