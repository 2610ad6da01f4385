import type { MailMessage, MailState } from '@parley/shared';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type ToneMap } from '@/components/status-badge';
import { useMailFormat } from '../mail-format';

export const MAIL_STATE_TONES: ToneMap<MailState> = {
  queued: 'waiting',
  delivered: 'good',
  deferred: 'waiting',
  bounced: 'bad',
  expired: 'bad',
};

type Recipient = MailMessage['recipients'][number];

function RecipientItem({ recipient }: { recipient: Recipient }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-col gap-1 border-t py-2 first:border-t-0">
      <div className="flex flex-wrap items-center gap-2">
        <bdi dir="ltr" className="min-w-0 break-all">
          {recipient.address}
        </bdi>
        <StatusBadge status={recipient.state} tones={MAIL_STATE_TONES}>
          {t(`mail.log.states.${recipient.state}`)}
        </StatusBadge>
      </div>
      {recipient.reason && (
        <p className="break-words text-xs text-muted-foreground">
          {t('mail.log.reason')} <bdi>{recipient.reason}</bdi>
        </p>
      )}
    </li>
  );
}

/** One message of the log: when, from, subject, size and cost, then each recipient's state. */
export function MessageItem({ message }: { message: MailMessage }) {
  const { t } = useTranslation();
  const f = useMailFormat();
  const facts: [string, string][] = [
    [t('mail.log.from'), message.from],
    [t('mail.log.size'), f.size(message.size)],
    [t('mail.log.cost'), f.gbp(message.cost)],
  ];
  return (
    <li className="flex flex-col gap-2 rounded-lg border p-3 text-sm" data-testid="mail-message">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="min-w-0 break-words font-medium">
          {message.subject ? <bdi>{message.subject}</bdi> : t('mail.log.noSubject')}
        </p>
        <time dateTime={message.createdAt} className="text-muted-foreground">
          {f.when(message.createdAt)}
        </time>
      </div>
      <dl className="flex flex-wrap gap-x-4 gap-y-1">
        {facts.map(([term, value]) => (
          <div key={term} className="flex min-w-0 gap-1">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="min-w-0 break-all">
              <bdi>{value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      <ul aria-label={t('mail.log.recipients')} className="rounded-md bg-muted/50 px-3">
        {message.recipients.map((r) => (
          <RecipientItem key={r.address} recipient={r} />
        ))}
      </ul>
    </li>
  );
}
