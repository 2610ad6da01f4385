import type { AdminCalls } from '@parley/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionName } from '@/components/action-name';
import { CallDirection } from '@/components/call-direction';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CallOutcomeCells, PagedCallsTable } from '@/components/paged-calls-table';
import { Button } from '@/components/ui/button';
import { Checkbox, Label } from '@/components/ui/input';
import { useAdminErrorToast } from '@/lib/admin-errors';
import { countryName } from '@/lib/country-name';
import { formatMoney } from '@/lib/money';
import { showToast } from '@/lib/toast';
import { isOpenCall } from '../call-rules';
import { ADMIN_CALLS_PAGE_SIZE, useAdminCalls, useAdminHangup } from './voice-admin';

type AdminCall = AdminCalls['items'][number];
const isOpen = (c: AdminCall) => isOpenCall(c.status);

/** Every customer's calls, newest first; a call in progress can be ended from here. */
export function CallsTab() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [activeOnly, setActiveOnly] = useState(false);
  const [ending, setEnding] = useState<AdminCall | null>(null);
  const calls = useAdminCalls(page, activeOnly);
  const hangup = useAdminHangup();
  const errorToast = useAdminErrorToast();
  const filter = useRef<HTMLInputElement>(null);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });

  const confirm = () => {
    if (!ending) return;
    hangup.mutate(ending.id, {
      onSuccess: (call) => {
        setEnding(null);
        showToast(
          'success',
          t('common.success'),
          t('admin.calls.hungUp', { destination: call.destination }),
        );
      },
      onError: (err) => {
        setEnding(null);
        errorToast(err);
      },
    });
  };

  return (
    <section aria-labelledby="admin-calls-title" className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="admin-calls-title" className="me-auto text-xl font-semibold">
          {t('admin.calls.title')}
        </h2>
        <div className="flex items-center gap-2">
          <Checkbox
            ref={filter}
            id="admin-calls-active"
            checked={activeOnly}
            onChange={(e) => {
              setActiveOnly(e.target.checked);
              setPage(1);
            }}
          />
          <Label htmlFor="admin-calls-active">{t('admin.calls.activeOnly')}</Label>
        </div>
      </div>
      <PagedCallsTable
        query={calls}
        page={page}
        onPage={setPage}
        pageSize={ADMIN_CALLS_PAGE_SIZE}
        errorText={t('admin.loadFailed')}
        empty={activeOnly ? t('admin.calls.noneActive') : t('admin.calls.empty')}
        cards
        caption={t('admin.calls.title')}
        headers={[
          t('admin.calls.columns.started'),
          t('admin.calls.columns.customer'),
          t('admin.calls.columns.destination'),
          t('admin.calls.columns.status'),
          t('admin.calls.columns.duration'),
          t('admin.calls.columns.cost'),
          { label: t('admin.actions'), end: true },
        ]}
        row={(c) => (
          <tr key={c.id} className="border-t">
            <td className="p-3 whitespace-nowrap">{date.format(new Date(c.createdAt))}</td>
            <td className="p-3">{c.userEmail}</td>
            <td className="p-3">
              <span dir="ltr" className="font-mono">
                {c.destination}
              </span>{' '}
              <CallDirection call={c} />
              <span className="block text-xs text-muted-foreground">
                {countryName(c.country, i18n.language)}
              </span>
            </td>
            <CallOutcomeCells call={c} />
            <td className="p-3 tabular-nums">
              {c.cost === null ? '—' : formatMoney(c.cost, 'GBP', i18n.language, 4)}
              {c.uncharged && (
                <span className="block text-xs text-muted-foreground">
                  {t('admin.calls.uncharged', {
                    amount: formatMoney(c.uncharged, 'GBP', i18n.language, 4),
                  })}
                </span>
              )}
            </td>
            <td className="p-3 text-end">
              {isOpen(c) && (
                <Button size="sm" variant="destructive" onClick={() => setEnding(c)}>
                  <ActionName text={t('admin.calls.hangup')} about={c.destination} />
                </Button>
              )}
            </td>
          </tr>
        )}
        pagesLabel={t('admin.calls.pages')}
      />
      <ConfirmDialog
        open={ending !== null}
        onCancel={() => setEnding(null)}
        title={t('admin.calls.confirmTitle')}
        description={
          ending &&
          t('admin.calls.confirmText', {
            destination: ending.destination,
            customer: ending.userEmail,
          })
        }
        confirm={t('admin.calls.hangup')}
        variant="destructive"
        busy={hangup.isPending}
        onConfirm={confirm}
        onCloseAutoFocus={(event) => {
          // The row's button goes once the call ends: land on the filter instead.
          event.preventDefault();
          filter.current?.focus();
        }}
      />
    </section>
  );
}
