import type { PlacedCall } from '@parley/shared';
import { useEffect, useRef, useState } from 'react';
import { useHangUp } from '../api/voice';
import type { EndedView } from './types';
import type { SoftphoneHandle } from './use-softphone';

/** Failures where the INVITE never reached the edge, which then has no call to end. */
const NEVER_SENT = new Set(['microphone', 'media', 'network', 'other']);

/**
 * Dials a call the server has placed (with its token) from the softphone. When the
 * phone fails before the edge answered anything, the server's hang-up releases the call
 * (and the balance it holds) rather than leaving it to its deadline.
 */
export function useSoftphoneCall(softphone: SoftphoneHandle) {
  const [callId, setCallId] = useState<string | null>(null);
  const hangUp = useHangUp();
  const released = useRef<EndedView | null>(null);
  const { ended } = softphone;
  const release = hangUp.mutate;

  useEffect(() => {
    const failure = ended?.failure;
    if (!callId || ended?.direction !== 'outgoing' || released.current === ended) return;
    if (!failure || failure.code !== null || !NEVER_SENT.has(failure.kind)) return;
    released.current = ended;
    release(callId);
  }, [callId, ended, release]);

  const dial = (placed: PlacedCall) => {
    if (!placed.token || !softphone.phone) return;
    setCallId(placed.id);
    softphone.phone.call(placed.destination, placed.token);
  };
  return { callId, dial };
}
