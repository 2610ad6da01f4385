import type { MailDomain } from '@parley/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '@/components/confirm-button';
import { useFormErrorMessage } from '@/components/form-error';
import { StatusBadge, type ToneMap } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { ltr } from '@/lib/bidi';
import { showToast } from '@/lib/toast';
import { useVerifyMailDomain } from '../api/mail';
import { useMailFormat } from '../mail-format';
import { DomainRecords } from './domain-records';

const VERIFIED_TONES: ToneMap<'verified' | 'unverified'> = {
  verified: 'good',
  unverified: 'waiting',
};

/** What the last check found, told as one sentence (read out after Verify). */
function CheckResult({ domain }: { domain: MailDomain }) {
  const { t } = useTranslation();
  const f = useMailFormat();
  if (!domain.checkedAt)
    return <p className="text-sm text-muted-foreground">{t('mail.domains.neverChecked')}</p>;
  const found = domain.records.filter((r) => r.status === 'ok').length;
  return (
    <p className="text-sm" data-testid="mail-domain-result">
      {domain.verifiedAt
        ? t('mail.domains.resultVerified', { when: f.when(domain.checkedAt) })
        : t('mail.domains.resultMissing', {
            found,
            total: domain.records.length,
            when: f.when(domain.checkedAt),
          })}
    </p>
  );
}

/**
 * One sending domain: verified or not, the records to publish with what DNS showed,
 * Verify (reads them through DNS now) and Remove. `focus`: a domain just added takes
 * the focus, so the keyboard and screen readers land on its records.
 */
export function DomainItem({
  domain,
  focus,
  onRemove,
}: {
  domain: MailDomain;
  focus: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const verify = useVerifyMailDomain();
  const messageOf = useFormErrorMessage();
  const heading = useRef<HTMLHeadingElement>(null);
  const state = domain.verifiedAt ? 'verified' : 'unverified';
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);

  const check = () =>
    verify.mutate(domain.id, {
      onError: (err) =>
        showToast(
          'error',
          t('common.error'),
          messageOf(err, t('mail.domains.verifyFailed'), t('account.network')),
        ),
    });

  return (
    <li
      className="flex flex-col gap-3 rounded-lg border p-3 sm:p-4"
      data-testid={`mail-domain-${domain.domain}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4
          ref={heading}
          tabIndex={-1}
          id={`mail-domain-${domain.id}`}
          className="min-w-0 break-all font-semibold focus-visible:outline-2 focus-visible:outline-ring"
        >
          <bdi dir="ltr">{domain.domain}</bdi>
        </h4>
        <StatusBadge status={state} tones={VERIFIED_TONES} data-testid="mail-domain-state">
          {t(`mail.domains.${state}`)}
        </StatusBadge>
      </div>
      <p className="text-sm text-muted-foreground">{t('mail.domains.publish')}</p>
      <DomainRecords domain={domain} />
      <div aria-live="polite">
        <CheckResult domain={domain} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" disabled={verify.isPending} onClick={check}>
          {verify.isPending ? t('mail.domains.verifying') : t('mail.domains.verify')}
          <span className="sr-only"> {domain.domain}</span>
        </Button>
        <ConfirmButton
          variant="destructive"
          title={t('mail.domains.removeTitle')}
          description={t('mail.domains.removeText', { domain: ltr(domain.domain) })}
          confirmLabel={t('mail.domains.remove')}
          onConfirm={onRemove}
        >
          {t('mail.domains.remove')}
          <span className="sr-only"> {domain.domain}</span>
        </ConfirmButton>
      </div>
    </li>
  );
}
