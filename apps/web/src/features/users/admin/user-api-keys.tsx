import { apiKeysAdminApi } from '@parley/shared/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '@/components/confirm-button';
import { QueryState } from '@/components/query-state';
import { ADMIN_SIGN_IN, useAdminErrorToast } from '@/lib/admin-errors';
import { adminKeys } from '@/lib/admin-query-keys';
import { call } from '@/lib/api';
import { isolate } from '@/lib/bidi';
import { showToast } from '@/lib/toast';

const keysOf = (userId: string) => [...adminKeys.adminUsers, userId, 'api-keys'] as const;

/** A customer's API keys for an admin: prefix, scopes, last use; revoke (audited). */
export function UserApiKeys({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const errorToast = useAdminErrorToast();
  const keys = useQuery({
    queryKey: keysOf(userId),
    queryFn: () => call(apiKeysAdminApi.list, { params: { id: userId } }),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => call(apiKeysAdminApi.revoke, { params: { id } }),
    meta: ADMIN_SIGN_IN,
    onSuccess: () => {
      showToast('success', t('common.success'), t('apiKeys.revoked'));
      return queryClient.invalidateQueries({ queryKey: keysOf(userId) });
    },
    onError: errorToast,
  });
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );
  return (
    <section aria-labelledby="user-api-keys" className="space-y-2 rounded-lg border p-4">
      <h3 id="user-api-keys" className="font-semibold">
        {t('apiKeys.title')}
      </h3>
      <QueryState
        query={keys}
        errorText={t('apiKeys.loadFailed')}
        empty={t('apiKeys.adminEmpty')}
        isEmpty={(list) => list.length === 0}
        small
      >
        {(list) => (
          <ul className="space-y-2 text-sm">
            {list.map((k) => (
              <li key={k.id} className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0 break-words">
                  <bdi>{k.name}</bdi> <code dir="ltr">{k.prefix}…</code>{' '}
                  <code dir="ltr" className="text-muted-foreground">
                    {k.scopes.join(' ')}
                  </code>{' '}
                  <span className="text-muted-foreground">
                    {k.lastUsedAt
                      ? t('apiKeys.lastUsed', {
                          when: when(k.lastUsedAt),
                          ip: isolate(k.lastUsedIp ?? ''),
                        })
                      : t('apiKeys.neverUsed')}
                  </span>
                </span>
                <ConfirmButton
                  size="sm"
                  variant="destructive"
                  title={t('apiKeys.revokeTitle')}
                  description={t('apiKeys.revokeText', { name: isolate(k.name), prefix: k.prefix })}
                  confirmLabel={t('apiKeys.revoke')}
                  disabled={revoke.isPending}
                  onConfirm={() => revoke.mutate(k.id)}
                >
                  {t('apiKeys.revoke')}
                  <span className="sr-only"> {k.name}</span>
                </ConfirmButton>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
