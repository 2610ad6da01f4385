import type { SmppAccount } from '@parley/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '@/components/confirm-button';
import { CopyButton } from '@/components/copy-button';
import { StatusBadge, type ToneMap } from '@/components/status-badge';
import { isolate, ltr } from '@/lib/bidi';

const BIND_TONES: ToneMap<'bound' | 'unbound'> = { bound: 'good', unbound: 'neutral' };

/** One account: name, system ID, where it may bind from, its rate, its sessions; remove. */
export function SmppAccountRow({
  account,
  onRemove,
}: {
  account: SmppAccount;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const when = (iso: string) => date.format(new Date(iso));
  const state = account.bound ? 'bound' : 'unbound';
  return (
    <li
      className="flex flex-col gap-3 rounded-md border p-3 sm:flex-row sm:items-start sm:justify-between"
      data-testid={`smpp-account-${account.systemId}`}
    >
      <div className="min-w-0 space-y-2 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <bdi className="font-medium break-words">{account.label}</bdi>
          <StatusBadge status={state} tones={BIND_TONES}>
            {t(`smpp.state.${state}`)}
          </StatusBadge>
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-muted-foreground">{t('smpp.systemId')}</span>
          <code dir="ltr" className="rounded bg-muted px-1 font-mono">
            {account.systemId}
          </code>
          <CopyButton text={account.systemId} label={t('smpp.copySystemId')} />
        </div>
        <p>
          <span className="text-muted-foreground">{t('smpp.addresses')}</span>{' '}
          {account.allowedIps.length === 0 ? (
            t('smpp.anyAddress')
          ) : (
            <span className="inline-flex flex-wrap gap-1">
              {account.allowedIps.map((ip) => (
                <code key={ip} dir="ltr" className="rounded bg-muted px-1 break-all">
                  {ip}
                </code>
              ))}
            </span>
          )}
        </p>
        <p>{t('smpp.rate', { n: account.maxPerSecond })}</p>
        {account.sessions.length > 0 && (
          <ul className="space-y-1" aria-label={t('smpp.sessionsLabel', { name: account.label })}>
            {account.sessions.map((s) => (
              <li key={s.id}>
                {t('smpp.session', {
                  type: t(`smpp.bindTypes.${s.bindType}`),
                  ip: ltr(s.remoteIp),
                  when: when(s.boundAt),
                })}
              </li>
            ))}
          </ul>
        )}
        <p className="text-muted-foreground">
          {account.lastBindAt
            ? t('smpp.lastBind', {
                when: when(account.lastBindAt),
                ip: ltr(account.lastBindIp ?? '—'),
              })
            : t('smpp.neverBound')}
        </p>
      </div>
      <ConfirmButton
        size="sm"
        variant="destructive"
        className="self-start"
        title={t('smpp.removeTitle')}
        description={t('smpp.removeText', {
          name: isolate(account.label),
          systemId: ltr(account.systemId),
        })}
        confirmLabel={t('smpp.remove')}
        onConfirm={onRemove}
      >
        {t('smpp.remove')}
        <span className="sr-only"> {account.label}</span>
      </ConfirmButton>
    </li>
  );
}
