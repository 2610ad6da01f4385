import type { SmppAdminSession } from '@parley/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionName } from '@/components/action-name';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { useAdminErrorToast } from '@/lib/admin-errors';
import { isolate, ltr } from '@/lib/bidi';
import { showToast } from '@/lib/toast';
import { useAdminSmppSessions, useEndSmppSession } from './smpp-sessions-admin';

const COLUMNS = ['customer', 'systemId', 'bindType', 'address', 'since', 'submitted', 'rate'];

/** Bound SMPP sessions on every instance, with their throughput; one can be ended here. */
export function SmppSessionsTab() {
  const { t, i18n } = useTranslation();
  const sessions = useAdminSmppSessions();
  const end = useEndSmppSession();
  const errorToast = useAdminErrorToast();
  const [ending, setEnding] = useState<SmppAdminSession | null>(null);
  // Sessions asked to end: listed until their instance unbinds them, without the button.
  const [asked, setAsked] = useState<ReadonlySet<string>>(new Set());
  const heading = useRef<HTMLHeadingElement>(null);
  // An ended session's button goes: focus lands on the heading instead.
  const gone = useRef(false);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const number = new Intl.NumberFormat(i18n.language);

  const confirm = () => {
    if (!ending) return;
    end.mutate(ending.id, {
      onSuccess: () => {
        gone.current = true;
        setAsked((now) => new Set(now).add(ending.id));
        showToast(
          'success',
          t('common.success'),
          t('smpp.admin.ended', { systemId: ltr(ending.systemId) }),
        );
        setEnding(null);
      },
      onError: (err) => {
        setEnding(null);
        errorToast(err);
      },
    });
  };

  return (
    <section aria-labelledby="admin-smpp-title" className="space-y-4">
      <h2 id="admin-smpp-title" ref={heading} tabIndex={-1} className="text-xl font-semibold">
        {t('smpp.admin.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('smpp.admin.description')}</p>
      <QueryState
        query={sessions}
        errorText={t('admin.loadFailed')}
        empty={t('smpp.admin.empty')}
        isEmpty={(list) => list.length === 0}
      >
        {(list) => (
          <DataTable
            cards
            caption={t('smpp.admin.title')}
            headers={[
              ...COLUMNS.map((c) => t(`smpp.admin.columns.${c}`)),
              { label: t('admin.actions'), end: true },
            ]}
          >
            {list.map((s) => (
              <tr key={s.id} className="border-t align-top">
                <td className="p-3 break-all">{s.email}</td>
                <td className="p-3">
                  <code dir="ltr">{s.systemId}</code>
                </td>
                <td className="p-3">{t(`smpp.bindTypes.${s.bindType}`)}</td>
                <td className="p-3">
                  <code dir="ltr">{s.remoteIp}</code>
                </td>
                <td className="p-3 whitespace-nowrap">{date.format(new Date(s.boundAt))}</td>
                <td className="p-3 tabular-nums">{number.format(s.submitted)}</td>
                <td className="p-3 tabular-nums">
                  {t('smpp.admin.rate', {
                    now: number.format(s.perSecond),
                    max: number.format(s.maxPerSecond),
                  })}
                </td>
                <td className="p-3 text-end">
                  {asked.has(s.id) ? (
                    <span className="text-muted-foreground">{t('smpp.admin.ending')}</span>
                  ) : (
                    <Button size="sm" variant="destructive" onClick={() => setEnding(s)}>
                      <ActionName text={t('smpp.admin.end')} about={s.systemId} />
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>
      <ConfirmDialog
        open={ending !== null}
        onCancel={() => setEnding(null)}
        title={t('smpp.admin.confirmTitle')}
        description={
          ending &&
          t('smpp.admin.confirmText', {
            systemId: ltr(ending.systemId),
            customer: isolate(ending.email),
          })
        }
        confirm={t('smpp.admin.end')}
        variant="destructive"
        busy={end.isPending}
        onConfirm={confirm}
        onCloseAutoFocus={(event) => {
          if (!gone.current) return;
          gone.current = false;
          event.preventDefault();
          heading.current?.focus();
        }}
      />
    </section>
  );
}
