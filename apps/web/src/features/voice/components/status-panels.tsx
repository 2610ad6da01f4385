import type { VoiceStatus } from '@parley/shared';
import { BILLING_CURRENCY, MIN_CALL_BALANCE } from '@parley/shared/domain';
import { Cog, type LucideIcon, Mic, Server } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ServiceBalanceCard } from '@/components/service-page';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useUser } from '@/lib/current-user';
import { formatMoney } from '@/lib/money';
import { cn } from '@/lib/utils';
import { hasBalanceForCall } from '../call-rules';
import type { RegistrationState } from '../softphone/types';
import type { SoftphoneHandle } from '../softphone/use-softphone';
import { FailureText } from './failure-text';
import { useMicrophone } from './use-microphone';

function Panel({
  id,
  title,
  icon: Icon,
  children,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader className="pb-2">
        <CardTitle as="h2" id={id} className="flex items-center gap-2">
          <Icon aria-hidden="true" className="size-5 text-primary" />
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">{children}</CardContent>
    </Card>
  );
}

/** Service status: the balance, and whether it is enough to call. */
export function ServiceStatusPanel() {
  const { t, i18n } = useTranslation();
  const { data: user } = useUser();
  const enough = hasBalanceForCall(user?.cryptoBalance);
  const min = formatMoney(MIN_CALL_BALANCE, BILLING_CURRENCY, i18n.language);
  return (
    <ServiceBalanceCard
      id="sip-service-title"
      title={t('voice.service.title')}
      testId="sip-balance"
      enough={enough}
      note={t(enough ? 'voice.service.minimum' : 'voice.service.tooLow', { min })}
      lead={<p className="text-sm text-muted-foreground">{t('voice.service.balance')}</p>}
    />
  );
}

type Tone = 'good' | 'bad' | 'neutral';
const TONE: Record<Tone, string> = {
  good: 'text-green-800',
  bad: 'text-red-800',
  neutral: 'text-muted-foreground',
};
const DOT: Record<Tone, string> = {
  good: 'bg-green-600',
  bad: 'bg-red-600',
  neutral: 'bg-slate-400',
};

function Indicator({
  label,
  value,
  tone,
  ...data
}: {
  label: string;
  value: string;
  tone: Tone;
  'data-testid'?: string;
  'data-state'?: string;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <dt>{label}</dt>
      <dd className={cn('inline-flex items-center gap-2 font-semibold', TONE[tone])} {...data}>
        <span aria-hidden="true" className={cn('size-2 rounded-full', DOT[tone])} />
        {value}
      </dd>
    </div>
  );
}

const REGISTRATION: Record<RegistrationState, [string, Tone]> = {
  registered: ['voice.connection.connected', 'good'],
  connecting: ['voice.softphone.connecting', 'neutral'],
  failed: ['voice.connection.disconnected', 'bad'],
  unregistered: ['voice.connection.disconnected', 'bad'],
};

/**
 * Connection: the SIP server — the softphone's registration with a real gateway, the
 * gateway's own word in the sandbox — and whether audio is ready: simulated in the
 * sandbox, the browser's microphone permission with a real gateway.
 */
export function ConnectionPanel({
  status,
  softphone,
}: {
  status: VoiceStatus | undefined;
  softphone?: SoftphoneHandle;
}) {
  const { t } = useTranslation();
  const sip = status?.mode === 'sip';
  const mic = useMicrophone(sip);
  const registration = sip && softphone ? REGISTRATION[softphone.state] : null;
  const server: [string, Tone] = !status
    ? [t('voice.connection.checking'), 'neutral']
    : registration
      ? [t(registration[0]), registration[1]]
      : status.connected
        ? [t('voice.connection.connected'), 'good']
        : [t('voice.connection.disconnected'), 'bad'];
  const audio: [string, Tone] = !status
    ? [t('voice.connection.checking'), 'neutral']
    : !sip
      ? [t('voice.connection.sandbox'), 'good']
      : mic.state === 'granted'
        ? [t('voice.connection.ready'), 'good']
        : [t('voice.connection.notReady'), 'bad'];
  return (
    <Panel id="sip-connection-title" title={t('voice.connection.title')} icon={Server}>
      <dl className="space-y-2 text-sm">
        <Indicator
          label={t('voice.connection.server')}
          value={server[0]}
          tone={server[1]}
          data-testid="softphone-state"
          data-state={sip ? softphone?.state : undefined}
        />
        <Indicator label={t('voice.connection.audio')} value={audio[0]} tone={audio[1]} />
      </dl>
      {sip && softphone?.state === 'failed' && softphone.error && (
        <p className="text-xs text-destructive" data-testid="softphone-error">
          {t('voice.softphone.registrationFailed')} <FailureText failure={softphone.error} />
        </p>
      )}
      {!sip && status && (
        <p className="text-xs text-muted-foreground">{t('voice.connection.sandboxText')}</p>
      )}
      {sip && mic.state !== 'granted' && (
        <div className="space-y-2">
          <Button type="button" size="sm" variant="outline" onClick={() => void mic.request()}>
            <Mic aria-hidden="true" />
            {t('voice.connection.allowMic')}
          </Button>
          {mic.state === 'denied' && (
            <p className="text-xs text-muted-foreground">{t('voice.connection.micBlocked')}</p>
          )}
        </div>
      )}
    </Panel>
  );
}

/** The static SIP configuration: port, protocols and codecs. */
export function ConfigurationPanel() {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('voice.config.port'), '5060'],
    [t('voice.config.protocol'), 'UDP/TCP'],
    [t('voice.config.codecs'), 'G.711, G.729'],
  ];
  return (
    <Panel id="sip-config-title" title={t('voice.config.title')} icon={Cog}>
      <dl className="space-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap items-center justify-between gap-2">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-mono font-semibold" dir="ltr">
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}
