import type { ApiKey } from '@parley/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '@/components/confirm-button';
import { useFormErrorMessage } from '@/components/form-error';
import { QueryState } from '@/components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { isolate } from '@/lib/bidi';
import { showToast } from '@/lib/toast';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys';
import { ApiKeyForm } from './api-key-form';

/** One key as the list shows it: prefix, scopes, created, last used, expiry; and revoke. */
export function ApiKeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke?: () => void }) {
  const { t, i18n } = useTranslation();
  const when = (iso: string | null, none: string) =>
    iso
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(iso),
        )
      : none;
  const expired = apiKey.expiresAt !== null && Date.parse(apiKey.expiresAt) <= Date.now();
  return (
    <li className="flex flex-col gap-2 rounded-md border p-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1 text-sm">
        <p className="font-medium break-words">
          <bdi>{apiKey.name}</bdi>{' '}
          <code dir="ltr" className="text-muted-foreground">
            {apiKey.prefix}…
          </code>
          {expired && <span className="ms-2 text-destructive">{t('apiKeys.expired')}</span>}
        </p>
        <p className="flex flex-wrap gap-1">
          {apiKey.scopes.map((s) => (
            <code key={s} dir="ltr" className="rounded bg-muted px-1">
              {s}
            </code>
          ))}
        </p>
        <p className="text-muted-foreground">
          {t('apiKeys.created', { when: when(apiKey.createdAt, '') })} ·{' '}
          {apiKey.lastUsedAt
            ? t('apiKeys.lastUsed', {
                when: when(apiKey.lastUsedAt, ''),
                ip: isolate(apiKey.lastUsedIp ?? ''),
              })
            : t('apiKeys.neverUsed')}{' '}
          ·{' '}
          {apiKey.expiresAt
            ? t('apiKeys.expires', { when: when(apiKey.expiresAt, '') })
            : t('apiKeys.noExpiry')}
        </p>
      </div>
      {onRevoke && (
        <ConfirmButton
          size="sm"
          variant="destructive"
          title={t('apiKeys.revokeTitle')}
          description={t('apiKeys.revokeText', {
            name: isolate(apiKey.name),
            prefix: apiKey.prefix,
          })}
          confirmLabel={t('apiKeys.revoke')}
          onConfirm={onRevoke}
        >
          {t('apiKeys.revoke')}
          <span className="sr-only"> {apiKey.name}</span>
        </ConfirmButton>
      )}
    </li>
  );
}

/** /account's "API keys" section: create a key (its secret shown once), list, revoke. */
export function ApiKeysCard() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const messageOf = useFormErrorMessage();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('apiKeys.title')}</CardTitle>
        <CardDescription>{t('apiKeys.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <ApiKeyForm />
        <section aria-labelledby="api-keys-list-title" className="flex flex-col gap-2">
          <h3 id="api-keys-list-title" className="font-semibold">
            {t('apiKeys.listTitle')}
          </h3>
          <QueryState
            query={keys}
            errorText={t('apiKeys.loadFailed')}
            empty={t('apiKeys.empty')}
            isEmpty={(list) => list.length === 0}
            small
          >
            {(list) => (
              <ul className="flex flex-col gap-2">
                {list.map((k) => (
                  <ApiKeyRow
                    key={k.id}
                    apiKey={k}
                    onRevoke={() =>
                      revoke.mutate(k.id, {
                        onSuccess: () =>
                          showToast('success', t('common.success'), t('apiKeys.revoked')),
                        onError: (err) =>
                          showToast(
                            'error',
                            t('common.error'),
                            messageOf(err, t('apiKeys.revokeFailed'), t('account.network')),
                          ),
                      })
                    }
                  />
                ))}
              </ul>
            )}
          </QueryState>
        </section>
      </CardContent>
    </Card>
  );
}
