import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { useMailOverview } from '../api/mail';
import { ConnectionSettings } from './connection-settings';
import { DeliveryLog } from './delivery-log';
import { MailUsage } from './mail-usage';
import { SendingDomains } from './sending-domains';
import { SmtpUsers } from './smtp-users';
import { Suppressions } from './suppressions';

/**
 * "Your SMTP relay" under the SMTP packages: with a package in service, where to
 * connect, this period's use, SMTP users, sending domains, suppressions and the delivery
 * log; without one, a line pointing at the packages above.
 */
export function MailRelay() {
  const { t } = useTranslation();
  const overview = useMailOverview();
  return (
    <section aria-labelledby="mail-relay-title" className="space-y-6">
      <div>
        <h2 id="mail-relay-title" className="text-2xl font-semibold">
          {t('mail.title')}
        </h2>
      </div>
      <QueryState
        // A failed reload keeps what was shown (an open dialog must not unmount).
        query={{ ...overview, isError: overview.isError && overview.data === undefined }}
        errorText={t('mail.loadFailed')}
      >
        {(data) =>
          data.package === null ? (
            <p
              className="rounded-lg border p-4 text-muted-foreground"
              data-testid="mail-no-package"
            >
              {t('mail.noPackage')}
            </p>
          ) : (
            <div className="flex flex-col gap-6">
              <p className="text-muted-foreground">{t('mail.subtitle')}</p>
              <div className="grid gap-6 lg:grid-cols-2">
                <ConnectionSettings overview={data} />
                <MailUsage pkg={data.package} today={data.today} />
              </div>
              <SmtpUsers />
              <SendingDomains />
              <Suppressions />
              <DeliveryLog logDays={data.package.logDays} />
            </div>
          )
        }
      </QueryState>
    </section>
  );
}
