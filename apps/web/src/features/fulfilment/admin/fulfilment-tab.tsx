import { type FulfilmentTask, isOverdue } from '@parley/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActionName } from '@/components/action-name';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { useAdminErrorToast } from '@/lib/admin-errors';
import { isolate } from '@/lib/bidi';
import { showToast } from '@/lib/toast';
import { useAdminFulfilment, useMarkFulfilmentDone } from './fulfilment-admin';

const COLUMNS = ['customer', 'item', 'ordered', 'due', 'chat'] as const;

/** The team's queue: items customers bought that the team sets up by hand (decision 0067). */
export function FulfilmentTab() {
  const { t, i18n } = useTranslation();
  const tasks = useAdminFulfilment();
  const done = useMarkFulfilmentDone();
  const errorToast = useAdminErrorToast();
  const [marking, setMarking] = useState<FulfilmentTask | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // A task marked done leaves the list with its button: focus lands on the heading.
  const gone = useRef(false);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const now = new Date();

  const confirm = () => {
    if (!marking) return;
    done.mutate(marking.id, {
      onSuccess: () => {
        gone.current = true;
        showToast(
          'success',
          t('common.success'),
          t('fulfilment.admin.marked', { item: isolate(marking.itemName) }),
        );
        setMarking(null);
      },
      onError: (err) => {
        setMarking(null);
        errorToast(err);
      },
    });
  };

  return (
    <section aria-labelledby="admin-fulfilment-title" className="space-y-4">
      <h2 id="admin-fulfilment-title" ref={heading} tabIndex={-1} className="text-xl font-semibold">
        {t('fulfilment.admin.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('fulfilment.admin.description')}</p>
      <QueryState
        query={tasks}
        errorText={t('admin.loadFailed')}
        empty={t('fulfilment.admin.empty')}
        isEmpty={(list) => list.length === 0}
      >
        {(list) => (
          <DataTable
            cards
            caption={t('fulfilment.admin.title')}
            headers={[
              ...COLUMNS.map((c) => t(`fulfilment.admin.columns.${c}`)),
              { label: t('admin.actions'), end: true },
            ]}
          >
            {list.map((task) => {
              const late = isOverdue(task, now);
              return (
                <tr key={task.id} className="border-t align-top">
                  <td className="p-3 break-all">{task.email}</td>
                  <td className="p-3 break-words">{isolate(task.itemName)}</td>
                  <td className="p-3 whitespace-nowrap">{date.format(new Date(task.orderedAt))}</td>
                  <td className="p-3">
                    <span className="whitespace-nowrap">{date.format(new Date(task.dueAt))}</span>
                    {late && (
                      <span className="ms-2 inline-block rounded bg-destructive/10 px-1.5 text-xs font-medium text-destructive">
                        {t('fulfilment.admin.overdue')}
                      </span>
                    )}
                  </td>
                  <td className="p-3">
                    {task.chatSessionId ? (
                      <Link
                        className="text-primary underline underline-offset-2"
                        to={`/admin-chat?session=${task.chatSessionId}`}
                      >
                        <ActionName text={t('fulfilment.admin.openChat')} about={task.email} />
                      </Link>
                    ) : (
                      <span className="text-muted-foreground">{t('fulfilment.admin.noChat')}</span>
                    )}
                  </td>
                  <td className="p-3 text-end">
                    <Button size="sm" onClick={() => setMarking(task)}>
                      <ActionName text={t('fulfilment.admin.markDone')} about={task.itemName} />
                    </Button>
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </QueryState>
      <ConfirmDialog
        open={marking !== null}
        onCancel={() => setMarking(null)}
        title={t('fulfilment.admin.confirmTitle')}
        description={
          marking &&
          t('fulfilment.admin.confirmText', {
            item: isolate(marking.itemName),
            customer: isolate(marking.email),
          })
        }
        confirm={t('fulfilment.admin.markDone')}
        busy={done.isPending}
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
