import { SMPP_ACCOUNTS_MAX, type SmppAccounts } from '@parley/shared';
import { Cable } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormErrorMessage } from '@/components/form-error';
import { QueryState } from '@/components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { showToast } from '@/lib/toast';
import { useRemoveSmppAccount, useSmppAccounts } from '../api/smpp-accounts';
import { CreateSmppAccount } from './create-smpp-account';
import { SmppAccountRow } from './smpp-account-row';

/** Where a gateway connects: the host and the plain and TLS ports (a null port is off). */
function Connection({ data }: { data: SmppAccounts }) {
  const { t } = useTranslation();
  const code = (value: string | number | null) =>
    value === null ? t('smpp.off') : <code dir="ltr">{value}</code>;
  const rows: [string, ReactNode][] = [
    [t('smpp.host'), code(data.host)],
    [t('smpp.port'), code(data.port)],
    [t('smpp.tlsPort'), code(data.tlsPort)],
  ];
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-md bg-muted p-3 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The SMS screen's SMPP section: accounts a customer's own gateway binds with, where to
 * connect, and each account's sessions, reloaded every 10 s while the page is open.
 */
export function SmppAccountsCard() {
  const { t } = useTranslation();
  const accounts = useSmppAccounts();
  const remove = useRemoveSmppAccount();
  const messageOf = useFormErrorMessage();
  const removeAccount = (id: string) =>
    remove.mutate(id, {
      onSuccess: () => showToast('success', t('common.success'), t('smpp.removed')),
      onError: (err) =>
        showToast(
          'error',
          t('common.error'),
          messageOf(err, t('smpp.removeFailed'), t('account.network')),
        ),
    });
  return (
    <section aria-labelledby="smpp-title">
      <Card>
        <CardHeader>
          <CardTitle as="h2" id="smpp-title" className="flex items-center gap-2">
            <Cable aria-hidden="true" className="size-5 text-primary" />
            {t('smpp.title')}
          </CardTitle>
          <CardDescription>{t('smpp.description')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <QueryState
            // A failed reload keeps what was shown: an open dialog (a password shown once)
            // must not unmount; the next reload tries again.
            query={{ ...accounts, isError: accounts.isError && accounts.data === undefined }}
            errorText={t('smpp.loadFailed')}
            small
          >
            {(data) => {
              const full = data.items.length >= SMPP_ACCOUNTS_MAX;
              return (
                <>
                  {data.port === null && data.tlsPort === null ? (
                    <p className="rounded-md border p-3 text-sm" data-testid="smpp-off">
                      {t('smpp.notOffered')}
                    </p>
                  ) : (
                    <>
                      <Connection data={data} />
                      <CreateSmppAccount maxPerSecond={data.maxPerSecond} disabled={full} />
                      {full && (
                        <p className="text-sm text-muted-foreground">
                          {t('smpp.full', { max: SMPP_ACCOUNTS_MAX })}
                        </p>
                      )}
                    </>
                  )}
                  <div className="flex flex-col gap-2">
                    <h3 className="font-semibold">{t('smpp.listTitle')}</h3>
                    {data.items.length === 0 ? (
                      <p className="text-sm text-muted-foreground">{t('smpp.empty')}</p>
                    ) : (
                      <ul className="flex flex-col gap-2">
                        {data.items.map((a) => (
                          <SmppAccountRow
                            key={a.id}
                            account={a}
                            onRemove={() => removeAccount(a.id)}
                          />
                        ))}
                      </ul>
                    )}
                  </div>
                </>
              );
            }}
          </QueryState>
        </CardContent>
      </Card>
    </section>
  );
}
