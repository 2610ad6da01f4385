import type { MailOverview } from '@parley/shared';
import { Plug } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { MailCard } from './mail-card';

function Row(props: {
  label: string;
  value: string;
  note?: string;
  copyLabel: string;
  testId: string;
}) {
  const { label, value, note, copyLabel, testId } = props;
  return (
    <div className="border-b py-3 first:pt-0 last:border-b-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 break-all">
          <code dir="ltr" className="font-mono font-semibold" data-testid={testId}>
            {value}
          </code>
          {note && <span className="ms-2 text-sm text-muted-foreground">{note}</span>}
        </span>
        <CopyButton text={value} label={copyLabel} />
      </dd>
    </div>
  );
}

/** Where a mail client connects: the host, both ports with their TLS, and how it signs in. */
export function ConnectionSettings({ overview }: { overview: MailOverview }) {
  const { t } = useTranslation();
  return (
    <MailCard
      id="mail-connection-title"
      icon={Plug}
      title={t('mail.connection.title')}
      description={t('mail.connection.description')}
    >
      <dl>
        <Row
          label={t('mail.connection.host')}
          value={overview.host}
          copyLabel={t('mail.connection.copyHost')}
          testId="mail-host"
        />
        <Row
          label={t('mail.connection.submission')}
          value={String(overview.submissionPort)}
          note={t('mail.connection.starttls')}
          copyLabel={t('mail.connection.copyPort', { port: overview.submissionPort })}
          testId="mail-submission-port"
        />
        <Row
          label={t('mail.connection.smtps')}
          value={String(overview.smtpsPort)}
          note={t('mail.connection.tls')}
          copyLabel={t('mail.connection.copyPort', { port: overview.smtpsPort })}
          testId="mail-smtps-port"
        />
        <div className="pt-3">
          <dt className="text-sm text-muted-foreground">{t('mail.connection.auth')}</dt>
          <dd className="mt-1 text-sm">{t('mail.connection.authText')}</dd>
        </div>
      </dl>
    </MailCard>
  );
}
