import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { userQueryOptions } from '@/lib/current-user';
import { queryKeys } from '@/lib/query-keys';
import { useBatch } from '../api/sms';

/**
 * A sent batch, followed every second until every message has left the queue; a failed
 * request stops the polling and says so (the last known progress stays shown).
 */
export function BatchProgress({ id }: { id: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: batch, isError } = useBatch(id);
  const stage = !batch
    ? 'loading'
    : batch.queued > 0
      ? 'sending'
      : batch.sent > 0
        ? 'sent'
        : 'done';
  const last = useRef(stage);

  // Leaving the queue, and again when every report is in (failures are refunded):
  // the history and the balance reload.
  useEffect(() => {
    if (stage === last.current) return;
    last.current = stage;
    if (stage === 'sent' || stage === 'done')
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.smsHistory }),
        queryClient.invalidateQueries({ queryKey: queryKeys.smsRecent }),
        queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey }),
      ]);
  }, [stage, queryClient]);

  // Mounted once a confirmed batch is accepted: the confirm dialog and the preview that
  // held focus are gone, so focus moves here rather than falling to the page.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const done = batch ? batch.total - batch.queued : 0;
  const percent = batch?.total ? Math.round((done / batch.total) * 100) : 100;
  return (
    <section aria-labelledby="sms-batch-title" className="space-y-3 rounded-lg border p-4">
      <h3
        ref={heading}
        id="sms-batch-title"
        tabIndex={-1}
        className="text-sm font-semibold focus-visible:outline-2 focus-visible:outline-ring"
      >
        {t('sms.bulk.progressTitle')}
      </h3>
      {isError && (
        <p role="alert" className="text-sm text-destructive">
          {t('sms.bulk.progressFailed')}
        </p>
      )}
      {!batch ? (
        !isError && (
          <p role="status" className="text-sm text-muted-foreground">
            {t('common.loading')}
          </p>
        )
      ) : (
        <>
          <div
            role="progressbar"
            aria-labelledby="sms-batch-title"
            aria-valuemin={0}
            aria-valuemax={batch.total}
            aria-valuenow={done}
            aria-valuetext={t('sms.bulk.progressText', { done, total: batch.total })}
            className="h-3 w-full overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full bg-primary transition-[width] duration-500"
              style={{ width: `${percent}%` }}
            />
          </div>
          <p className="text-sm" aria-live="polite">
            {t('sms.bulk.progressText', { done, total: batch.total })}
          </p>
          <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
            <li>{t('sms.bulk.delivered', { count: batch.delivered })}</li>
            <li>{t('sms.bulk.failed', { count: batch.failed })}</li>
            <li>{t('sms.bulk.waiting', { count: batch.queued + batch.sent })}</li>
          </ul>
          {stage === 'done' && (
            <p className="text-sm font-medium text-green-800">{t('sms.bulk.finished')}</p>
          )}
        </>
      )}
    </section>
  );
}
