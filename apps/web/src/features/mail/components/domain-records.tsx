import type { MailDomain, MailRecordStatus } from '@parley/shared';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { StatusBadge, type ToneMap } from '@/components/status-badge';

const RECORD_TONES: ToneMap<MailRecordStatus> = {
  unchecked: 'neutral',
  ok: 'good',
  missing: 'bad',
  wrong: 'bad',
};

type Record = MailDomain['records'][number];

function Field(props: { label: string; value: string; copy?: string; testId: string }) {
  const { label, value, copy, testId } = props;
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-xs font-semibold text-muted-foreground">{label}</dt>
      <dd className="flex flex-col items-start gap-2 sm:flex-row sm:items-center">
        <code
          dir="ltr"
          data-testid={testId}
          // A DKIM key is hundreds of characters without a space: it wraps anywhere.
          className="w-full min-w-0 break-all rounded bg-muted px-2 py-1 font-mono text-xs sm:flex-1"
        >
          {value}
        </code>
        {copy && <CopyButton text={value} label={copy} />}
      </dd>
    </div>
  );
}

/** One record to publish: what it is for, its type, host and value, and what DNS showed. */
function RecordItem({ domainId, record }: { domainId: string; record: Record }) {
  const { t } = useTranslation();
  const id = `mail-record-${domainId}-${record.purpose}`;
  return (
    <li
      aria-labelledby={id}
      className="flex flex-col gap-2 rounded-md border p-3"
      data-testid={`mail-record-${record.purpose}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id={id} className="font-medium">
          {t(`mail.domains.purposes.${record.purpose}`)}
        </span>
        <StatusBadge status={record.status} tones={RECORD_TONES} data-testid="mail-record-status">
          {t(`mail.domains.recordStatus.${record.status}`)}
        </StatusBadge>
      </div>
      <dl className="flex flex-col gap-2">
        <Field label={t('mail.domains.type')} value={record.type} testId="mail-record-type" />
        <Field
          label={t('mail.domains.host')}
          value={record.host}
          copy={t('mail.domains.copyHost')}
          testId="mail-record-host"
        />
        <Field
          label={t('mail.domains.value')}
          value={record.value}
          copy={t('mail.domains.copyValue')}
          testId="mail-record-value"
        />
      </dl>
    </li>
  );
}

/** The records a sending domain publishes in its DNS, each with its last check. */
export function DomainRecords({ domain }: { domain: MailDomain }) {
  const { t } = useTranslation();
  return (
    <ul
      className="flex flex-col gap-2"
      aria-label={t('mail.domains.recordsOf', { domain: domain.domain })}
    >
      {domain.records.map((record) => (
        <RecordItem key={record.purpose} domainId={domain.id} record={record} />
      ))}
    </ul>
  );
}
