import type { Call } from '@parley/shared';
import { PhoneCall } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServicePage } from '@/components/service-page';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useCallHistory, useCallState, useVoiceStatus } from '../api/voice';
import { isOpenCall, newerCall } from '../call-rules';
import { AddonCards, SipTiles } from '../components/addons';
import { CallForm } from '../components/call-form';
import { LiveCall } from '../components/live-call';
import { RecentCalls } from '../components/recent-calls';
import { SandboxNote } from '../components/sandbox-note';
import { Softphone } from '../components/softphone';
import {
  ConfigurationPanel,
  ConnectionPanel,
  ServiceStatusPanel,
} from '../components/status-panels';
import { useSoftphone } from '../softphone/use-softphone';
import { useSoftphoneCall } from '../softphone/use-softphone-call';

/**
 * The call the live panel shows: the one just placed, else one still going in the
 * history (after a reload). Its newest state comes from the events, or the history's
 * copy when that is further along.
 */
function useCurrentCall(placedId: string | null): Call | undefined {
  const history = useCallHistory();
  const items = history.data?.items ?? [];
  const id = placedId ?? items.find((c) => isOpenCall(c.status))?.id ?? null;
  const live = useCallState(id);
  return id
    ? newerCall(
        live.data ?? undefined,
        items.find((c) => c.id === id),
      )
    : undefined;
}

/** /services/sip: place a call from the web, watch it, and see the service around it. */
export default function SipPage() {
  const { t } = useTranslation();
  const status = useVoiceStatus();
  const [placedId, setPlacedId] = useState<string | null>(null);
  const current = useCurrentCall(placedId);
  const sandbox = status.data?.mode === 'sandbox';
  // With a real gateway calls run in this browser: JsSIP is loaded then, never before.
  const sip = status.data?.mode === 'sip';
  const softphone = useSoftphone(sip);
  const dialer = useSoftphoneCall(softphone);
  const blocked = !sip
    ? null
    : softphone.state !== 'registered'
      ? {
          title: t('voice.softphone.notConnectedTitle'),
          text: t('voice.softphone.notConnectedText'),
        }
      : softphone.session
        ? { title: t('voice.softphone.busyTitle'), text: t('voice.softphone.busyText') }
        : null;

  return (
    <ServicePage
      title={t('voice.title')}
      subtitle={t('voice.subtitle')}
      columnClassName="min-w-0 space-y-6"
      main={
        <>
          <Card>
            <CardHeader>
              <CardTitle as="h2" id="sip-form-title" className="flex items-center gap-2">
                <PhoneCall aria-hidden="true" className="size-5 text-primary" />
                {t('voice.form.title')}
              </CardTitle>
            </CardHeader>
            <CardContent>
              <CallForm
                sandbox={sandbox}
                blocked={blocked}
                onPlaced={(call) => {
                  setPlacedId(call.id);
                  if (sip) dialer.dial(call);
                }}
              />
            </CardContent>
          </Card>
          {sip && <Softphone softphone={softphone} />}
          {current && (
            <LiveCall
              call={current}
              softphone={sip && current.id === dialer.callId ? softphone : undefined}
            />
          )}
          {sandbox && <SandboxNote />}
          <RecentCalls />
        </>
      }
      side={
        <>
          <ServiceStatusPanel />
          <ConnectionPanel status={status.data} softphone={softphone} />
          <ConfigurationPanel />
        </>
      }
    >
      <AddonCards />
      <SipTiles />
    </ServicePage>
  );
}
