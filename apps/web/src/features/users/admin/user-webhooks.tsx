import type { WebhookEndpoint } from '@parley/shared';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { isolate } from '@/lib/bidi';
import { useUserWebhooks } from './user-detail';

/** What state an endpoint is in, as its customer reads it on /account. */
function stateKey(e: WebhookEndpoint): string {
  if (!e.enabled)
    return e.disabledReason ? `webhooks.disabled.${e.disabledReason}` : 'webhooks.disabled.byYou';
  return e.failingSince ? 'webhooks.failingSince' : 'webhooks.active';
}

/** A customer's webhook endpoints for an admin: URL, events and failure state. */
export function UserWebhooks({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const query = useUserWebhooks(userId);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const cell = 'p-3';
  return (
    <QueryState
      query={query}
      errorText={t('webhooks.admin.loadFailed')}
      empty={t('webhooks.admin.none')}
      isEmpty={(d) => d.items.length === 0}
      small
    >
      {(data) => (
        <DataTable
          caption={t('webhooks.title')}
          headers={[t('webhooks.url'), t('webhooks.events'), t('webhooks.admin.state')]}
          focusable
        >
          {data.items.map((e) => (
            <tr key={e.id} className="border-t align-top">
              <td className={`${cell} break-all`} dir="ltr">
                {e.url}
              </td>
              <td className={cell} dir="ltr">
                {e.events.join(', ')}
              </td>
              <td className={!e.enabled || e.failingSince ? `${cell} text-destructive` : cell}>
                {t(stateKey(e), {
                  date: e.failingSince ? isolate(date.format(new Date(e.failingSince))) : '',
                })}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </QueryState>
  );
}
