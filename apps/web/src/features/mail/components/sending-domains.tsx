import { MAIL_MAX_DOMAINS } from '@parley/shared';
import { Globe } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormErrorMessage } from '@/components/form-error';
import { QueryState } from '@/components/query-state';
import { isolate } from '@/lib/bidi';
import { showToast } from '@/lib/toast';
import { useMailDomains, useRemoveMailDomain } from '../api/mail';
import { AddDomainForm } from './add-domain-form';
import { DomainItem } from './domain-item';
import { MailCard } from './mail-card';

/**
 * The domains the customer sends from: add one, publish its records, verify it; mail
 * from a domain not verified is refused.
 */
export function SendingDomains() {
  const { t } = useTranslation();
  const domains = useMailDomains();
  const remove = useRemoveMailDomain();
  const messageOf = useFormErrorMessage();
  const [added, setAdded] = useState<string | null>(null);
  const full = (domains.data?.length ?? 0) >= MAIL_MAX_DOMAINS;

  const removeDomain = (id: string) =>
    remove.mutate(id, {
      onSuccess: () => showToast('success', t('common.success'), t('mail.domains.removed')),
      onError: (err) =>
        showToast(
          'error',
          t('common.error'),
          messageOf(err, t('mail.domains.removeFailed'), t('account.network')),
        ),
    });

  return (
    <MailCard
      id="mail-domains-title"
      icon={Globe}
      title={t('mail.domains.title')}
      description={t('mail.domains.description')}
    >
      <AddDomainForm
        disabled={domains.data === undefined || full}
        onAdded={(domain) => {
          setAdded(domain.id);
          showToast(
            'success',
            t('common.success'),
            t('mail.domains.added', { domain: isolate(domain.domain) }),
          );
        }}
      />
      {full && (
        <p className="text-sm text-muted-foreground">
          {t('mail.domains.full', { max: MAIL_MAX_DOMAINS })}
        </p>
      )}
      <QueryState
        query={{ ...domains, isError: domains.isError && domains.data === undefined }}
        errorText={t('mail.domains.loadFailed')}
        empty={t('mail.domains.empty')}
        isEmpty={(list) => list.length === 0}
        small
      >
        {(list) => (
          <ul className="flex flex-col gap-4" aria-label={t('mail.domains.listLabel')}>
            {list.map((domain) => (
              <DomainItem
                key={domain.id}
                domain={domain}
                focus={domain.id === added}
                onRemove={() => removeDomain(domain.id)}
              />
            ))}
          </ul>
        )}
      </QueryState>
    </MailCard>
  );
}
