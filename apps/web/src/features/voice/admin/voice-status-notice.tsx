import { Phone, PhoneOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSandboxVerifications, useVoiceGatewayStatus } from './voice-admin';

/** The codes a sandbox "sent" by SMS to verify caller IDs, for testers to type in. */
function SandboxCodes() {
  const { t, i18n } = useTranslation();
  const { data } = useSandboxVerifications(true);
  if (!data?.items.length) return null;
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' });
  return (
    <details className="mt-2">
      <summary className="cursor-pointer font-medium">
        {t('admin.voiceStatus.codes', { count: data.items.length })}
      </summary>
      <ul aria-label={t('admin.voiceStatus.codesList')} className="mt-2 space-y-1">
        {data.items.map((v) => (
          <li key={`${v.userEmail}-${v.number}`} className="flex flex-wrap gap-x-3">
            <span dir="ltr" className="font-mono">
              {v.number}
            </span>
            <span>{v.userEmail}</span>
            <strong className="font-mono tracking-widest" data-testid="verification-code">
              {v.code}
            </strong>
            <span className="text-muted-foreground">
              {t('admin.voiceStatus.expires', { time: time.format(new Date(v.expiresAt)) })}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * Tells the admin where customers' calls go: the sandbox (no real calls) or the SIP
 * edge, connected or not. Below it, the caller ID codes waiting, which the server keeps
 * readable only while SMS go through the sandbox gateway (nothing is listed otherwise).
 */
export function VoiceStatusNotice() {
  const { t } = useTranslation();
  const { data } = useVoiceGatewayStatus();
  if (!data) return null;
  const sandbox = data.mode === 'sandbox';
  const Icon = sandbox || data.connected ? Phone : PhoneOff;
  const tone = sandbox
    ? 'border-amber-300 bg-amber-50 text-amber-950'
    : data.connected
      ? 'border-green-300 bg-green-50 text-green-950'
      : 'border-red-300 bg-red-50 text-red-950';
  const text = sandbox
    ? 'admin.voiceStatus.sandbox'
    : data.connected
      ? 'admin.voiceStatus.connected'
      : 'admin.voiceStatus.disconnected';
  return (
    <div
      id="voice-status"
      data-testid="voice-status"
      className={`rounded-md border p-3 text-sm ${tone}`}
    >
      <p className="flex items-start gap-2">
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t(text, { count: data.activeCalls })}
      </p>
      <SandboxCodes />
    </div>
  );
}
