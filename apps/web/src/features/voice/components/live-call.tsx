import type { Call } from '@parley/shared';
import { BILLING_CURRENCY } from '@parley/shared/domain';
import { PhoneOff, PhoneOutgoing } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CallStatusBadge } from '@/components/call-status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatMoney } from '@/lib/money';
import { isUnauthorized } from '@/lib/session-expired';
import { showToast } from '@/lib/toast';
import { useHangUp } from '../api/voice';
import { useVoiceErrorText } from '../api/voice-errors';
import { callDurationText, costSoFar, isOpenCall, talkSeconds } from '../call-rules';
import type { SoftphoneHandle } from '../softphone/use-softphone';
import { CallControls } from './call-controls';

/** Seconds talked, recounted every second while the call is answered. */
function useTalkSeconds(call: Call): number {
  const answered = call.status === 'answered' ? call.answeredAt : null;
  // The clock is read at each render: a time kept in state would show the moment the
  // page mounted on the first render after the answer, a few seconds short.
  const [, setTicks] = useState(0);
  useEffect(() => {
    if (!answered) return;
    const timer = setInterval(() => setTicks((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [answered]);
  return answered ? talkSeconds(answered, Date.now()) : 0;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/**
 * The call being made: dialling, ringing, answered with a ticking timer and the cost so
 * far, and Hang up; once it has ended, how it ended, its length and its exact cost.
 * Moves along with the call.updated events (the history's copy when one is missed).
 * With `softphone` (the call runs in this browser): mute and keypad, and Hang up ends
 * the softphone's session, the edge then reporting the end.
 */
export function LiveCall({ call, softphone }: { call: Call; softphone?: SoftphoneHandle }) {
  const { t, i18n } = useTranslation();
  const hangUp = useHangUp();
  const errorText = useVoiceErrorText();
  const seconds = useTalkSeconds(call);
  const open = isOpenCall(call.status);
  const money = (amount: string) => formatMoney(amount, BILLING_CURRENCY, i18n.language, 4);

  const inBrowser = softphone?.session?.direction === 'outgoing';
  const end = () => {
    // Without a session left in this browser, the server ends it.
    if (softphone?.phone?.hangup()) return;
    hangUp.mutate(call.id, {
      onError: (err) => {
        if (!isUnauthorized(err))
          showToast('error', t('common.error'), errorText(err, t('voice.live.hangUpFailed')));
      },
    });
  };

  const why =
    call.status === 'ended' && call.hangupCause === 'cutoff'
      ? t('voice.live.cutoff')
      : call.status !== 'ended' && !open
        ? t(`voice.live.why.${call.status}`)
        : null;

  return (
    <Card role="region" aria-labelledby="sip-live-title" data-testid="live-call">
      <CardHeader className="pb-2">
        <CardTitle as="h2" id="sip-live-title" className="flex items-center gap-2">
          <PhoneOutgoing aria-hidden="true" className="size-5 text-primary" />
          {open ? t('voice.live.title') : t('voice.live.lastTitle')}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-xl font-semibold" dir="ltr">
            {call.destination}
          </p>
          {/* The status is announced as it changes; the timer is not, every second. */}
          <div role="status" aria-live="polite">
            <span className="sr-only">{t('voice.live.statusLabel')} </span>
            {open ? (
              <span
                className="inline-flex items-center gap-2 rounded-full border border-sky-200 bg-sky-50 px-3 py-1 text-sm font-semibold text-sky-900"
                data-testid="live-call-status"
              >
                {call.status !== 'answered' && (
                  <span
                    aria-hidden="true"
                    className="size-2 animate-pulse rounded-full bg-sky-600"
                  />
                )}
                {t(`voice.live.state.${call.status}`)}
              </span>
            ) : (
              <span data-testid="live-call-status">
                <CallStatusBadge status={call.status} />
              </span>
            )}
          </div>
        </div>
        <dl className="space-y-2 text-sm">
          <Row label={t('voice.live.callerId')}>
            <span dir="ltr">{call.callerId}</span>
          </Row>
          <Row label={t('voice.live.rate')}>
            {t('voice.live.perMinute', { rate: money(call.ratePerMinute) })}
          </Row>
          {open ? (
            <>
              <Row label={t('voice.live.talkTime')}>
                <span role="timer" className="font-mono tabular-nums" data-testid="live-call-timer">
                  {callDurationText(seconds)}
                </span>
              </Row>
              {call.status === 'answered' && (
                <Row label={t('voice.live.costSoFar')}>
                  <span data-testid="live-call-estimate">{money(costSoFar(call, seconds))}</span>
                </Row>
              )}
            </>
          ) : (
            <>
              <Row label={t('voice.live.duration')}>
                <span className="font-mono tabular-nums" data-testid="live-call-duration">
                  {callDurationText(call.duration)}
                </span>
              </Row>
              <Row label={t('voice.live.cost')}>
                <span data-testid="live-call-cost">{money(call.cost ?? '0')}</span>
              </Row>
            </>
          )}
        </dl>
        {why && <p className="text-sm text-muted-foreground">{why}</p>}
        {open && inBrowser && softphone && <CallControls softphone={softphone} />}
        {open && (
          <Button
            type="button"
            variant="destructive"
            onClick={end}
            disabled={hangUp.isPending}
            className="w-full sm:w-auto"
          >
            <PhoneOff aria-hidden="true" />
            {hangUp.isPending ? t('voice.live.hangingUp') : t('voice.live.hangUp')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
