import { useTranslation } from 'react-i18next';
import type { SoftphoneHandle } from '../softphone/use-softphone';
import { FailureText } from './failure-text';
import { IncomingCall, IncomingTitle } from './incoming-call';

/**
 * The softphone's place on the page: the far end's audio, an incoming call (announced
 * politely), and why the last call failed.
 */
export function Softphone({ softphone }: { softphone: SoftphoneHandle }) {
  const { t } = useTranslation();
  const { session, ended } = softphone;
  const ringing = session?.direction === 'incoming' && session.status === 'incoming';
  return (
    <>
      {/* biome-ignore lint/a11y/useMediaCaption: a live phone call, there is nothing to caption ahead */}
      <audio ref={softphone.audioRef} autoPlay hidden data-testid="softphone-audio" />
      <p role="status" className="sr-only">
        {ringing && <IncomingTitle session={session} />}
      </p>
      <IncomingCall softphone={softphone} />
      {ended?.failure && (
        <p role="alert" className="text-sm text-destructive" data-testid="softphone-call-error">
          {t('voice.softphone.callFailed')} <FailureText failure={ended.failure} />
        </p>
      )}
    </>
  );
}
