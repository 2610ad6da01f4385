import type { WebhookDelivery, WebhookEndpoint, WebhookWithSecret } from '@parley/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormErrorMessage } from '@/components/form-error';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { isolate } from '@/lib/bidi';
import { showToast } from '@/lib/toast';
import {
  useRedeliverWebhook,
  useRemoveWebhook,
  useRotateWebhookSecret,
  useTestWebhook,
  useUpdateWebhook,
  useWebhookDeliveries,
} from '../api/webhooks';
import { SecretOnce } from './webhook-secret';

function useWhen() {
  const { i18n } = useTranslation();
  return (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );
}

function DeliveryRow({ endpointId, d }: { endpointId: string; d: WebhookDelivery }) {
  const { t, i18n } = useTranslation();
  const when = useWhen();
  const again = useRedeliverWebhook();
  const ms = (n: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'millisecond' }).format(n);
  return (
    <li className="rounded-md border p-2 text-sm" data-testid="webhook-delivery">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <code dir="ltr">{d.event}</code>
        <span className={d.status === 'failed' ? 'text-destructive' : undefined}>
          {t(`webhooks.log.statuses.${d.status}`)}
        </span>
      </div>
      <p className="text-muted-foreground">
        {when(d.createdAt)} · {t('webhooks.log.attempts', { count: d.attempts })}
        {d.responseStatus !== null && ` · HTTP ${d.responseStatus}`}
        {d.latencyMs !== null && ` · ${ms(d.latencyMs)}`}
      </p>
      {d.nextAttemptAt && d.attempts > 0 && (
        <p className="text-muted-foreground">
          {t('webhooks.log.next', { date: isolate(when(d.nextAttemptAt)) })}
        </p>
      )}
      {(d.error || d.responseExcerpt) && (
        <pre
          dir="ltr"
          className="mt-1 max-h-24 overflow-auto whitespace-pre-wrap break-all text-xs"
        >
          {d.error ?? d.responseExcerpt}
        </pre>
      )}
      <Button
        variant="outline"
        size="sm"
        className="mt-2"
        disabled={again.isPending}
        onClick={() =>
          again.mutate(
            { id: endpointId, deliveryId: d.id },
            {
              onSuccess: () =>
                showToast('success', t('common.success'), t('webhooks.log.sentAgain')),
            },
          )
        }
      >
        {t('webhooks.log.sendAgain')}
      </Button>
    </li>
  );
}

function DeliveryLog({ endpointId }: { endpointId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useWebhookDeliveries(endpointId, page);
  return (
    <section aria-label={t('webhooks.log.title')} className="flex flex-col gap-2">
      <QueryState
        query={query}
        errorText={t('webhooks.log.loadFailed')}
        empty={t('webhooks.log.empty')}
        isEmpty={(d) => d.items.length === 0}
        small
      >
        {(data) => (
          <>
            <ul className="flex flex-col gap-2">
              {data.items.map((d) => (
                <DeliveryRow key={d.id} endpointId={endpointId} d={d} />
              ))}
            </ul>
            <div className="flex gap-2">
              <Button
                variant="ghost"
                size="sm"
                disabled={page === 1}
                onClick={() => setPage(page - 1)}
              >
                {t('webhooks.log.newer')}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                disabled={page * data.pageSize >= data.total}
                onClick={() => setPage(page + 1)}
              >
                {t('webhooks.log.older')}
              </Button>
            </div>
          </>
        )}
      </QueryState>
    </section>
  );
}

/** The state an endpoint is in, in words: on, failing, or turned off and why. */
function EndpointState({ e }: { e: WebhookEndpoint }) {
  const { t } = useTranslation();
  const when = useWhen();
  const bad = !e.enabled || e.failingSince !== null;
  let text = t('webhooks.active');
  if (!e.enabled)
    text = e.disabledReason
      ? t(`webhooks.disabled.${e.disabledReason}`)
      : t('webhooks.disabled.byYou');
  else if (e.failingSince)
    text = t('webhooks.failingSince', { date: isolate(when(e.failingSince)) });
  return <p className={bad ? 'text-sm text-destructive' : 'text-sm'}>{text}</p>;
}

/** One endpoint: its URL, events and state, its actions, and its delivery log on demand. */
export function WebhookEndpointItem({ endpoint: e }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const messageOf = useFormErrorMessage();
  const [open, setOpen] = useState(false);
  const [rotated, setRotated] = useState<WebhookWithSecret | null>(null);
  const update = useUpdateWebhook();
  const remove = useRemoveWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useTestWebhook();
  const failed = (err: Error) =>
    showToast(
      'error',
      t('common.error'),
      messageOf(err, t('webhooks.failed'), t('account.network')),
    );
  return (
    <li className="flex flex-col gap-3 rounded-lg border p-3" data-testid="webhook-endpoint">
      <div className="flex flex-col gap-1">
        <code dir="ltr" className="break-all font-medium">
          {e.url}
        </code>
        <p className="text-sm text-muted-foreground" dir="ltr">
          {e.events.join(', ')}
        </p>
        <EndpointState e={e} />
      </div>
      {rotated && <SecretOnce secret={rotated.secret} rotated />}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={test.isPending || !e.enabled}
          onClick={() =>
            test.mutate(e.id, {
              onSuccess: () => {
                setOpen(true);
                showToast('success', t('common.success'), t('webhooks.testSent'));
              },
              onError: failed,
            })
          }
        >
          {t('webhooks.test')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? t('webhooks.hideLog') : t('webhooks.showLog')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={rotate.isPending}
          onClick={() => rotate.mutate(e.id, { onSuccess: setRotated, onError: failed })}
        >
          {t('webhooks.rotate')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={update.isPending}
          onClick={() => update.mutate({ id: e.id, enabled: !e.enabled }, { onError: failed })}
        >
          {e.enabled ? t('webhooks.turnOff') : t('webhooks.turnOn')}
        </Button>
        <Button
          size="sm"
          variant="destructive"
          disabled={remove.isPending}
          onClick={() => remove.mutate(e.id, { onError: failed })}
        >
          {t('webhooks.remove')}
        </Button>
      </div>
      {open && <DeliveryLog endpointId={e.id} />}
    </li>
  );
}
