import { Phone, PhoneIncoming, PhoneOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { callDurationText } from '../call-rules';
import type { SessionView } from '../softphone/types';
import type { SoftphoneHandle } from '../softphone/use-softphone';
import { CallControls } from './call-controls';

/** Seconds since `since` (ms), recounted every second. */
function useSecondsSince(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.max(0, Math.floor((now - since) / 1000));
}

/** Stands for the number in the translated sentence, to be put back in its own span. */
const MARK = '\u2063';

/** "Incoming call from <number>" (or "In call with"), the number kept left to right. */
export function IncomingTitle({ session }: { session: SessionView }) {
  const { t } = useTranslation();
  const text = t(
    session.status === 'incoming'
      ? 'voice.softphone.incoming.title'
      : 'voice.softphone.incoming.inCall',
    { number: MARK },
  );
  const [before, after] = text.split(MARK);
  return (
    <>
      {before}
      <span dir="ltr">{session.remote}</span>
      {after}
    </>
  );
}

/**
 * A call coming in to the softphone: Answer or Decline (focus moves here when it
 * rings), then, answered, the talk timer, mute, keypad and Hang up.
 */
export function IncomingCall({ softphone }: { softphone: SoftphoneHandle }) {
  const { t } = useTranslation();
  const { phone, session } = softphone;
  const stage = session?.direction === 'incoming' ? session.status : null;
  const ringing = stage === 'incoming';
  const card = useRef<HTMLDivElement>(null);
  const seconds = useSecondsSince(session?.answeredAt ?? null);
  // Here when it rings, and again once answered (the Answer button is gone).
  useEffect(() => {
    if (stage) card.current?.focus();
  }, [stage]);
  if (!phone || session?.direction !== 'incoming') return null;

  return (
    <Card
      ref={card}
      tabIndex={-1}
      role="region"
      aria-labelledby="sip-incoming-title"
      data-testid="softphone-incoming"
      className="border-primary focus-visible:outline-2 focus-visible:outline-ring"
    >
      <CardHeader className="pb-2">
        <CardTitle as="h2" id="sip-incoming-title" className="flex items-center gap-2">
          <PhoneIncoming aria-hidden="true" className="size-5 shrink-0 text-primary" />
          <span className="min-w-0 break-words">
            <IncomingTitle session={session} />
          </span>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {ringing ? (
          <div className="flex flex-wrap gap-3">
            <Button type="button" onClick={() => phone.answer()}>
              <Phone aria-hidden="true" className="rtl:-scale-x-100" />
              {t('voice.softphone.incoming.answer')}
            </Button>
            <Button type="button" variant="destructive" onClick={() => phone.decline()}>
              <PhoneOff aria-hidden="true" />
              {t('voice.softphone.incoming.decline')}
            </Button>
          </div>
        ) : (
          <>
            <dl className="text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4">
                <dt className="text-muted-foreground">{t('voice.live.talkTime')}</dt>
                <dd role="timer" className="font-mono font-medium tabular-nums">
                  {callDurationText(seconds)}
                </dd>
              </div>
            </dl>
            <CallControls softphone={softphone} />
            <Button
              type="button"
              variant="destructive"
              onClick={() => phone.hangup()}
              className="w-full sm:w-auto"
            >
              <PhoneOff aria-hidden="true" />
              {t('voice.live.hangUp')}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
