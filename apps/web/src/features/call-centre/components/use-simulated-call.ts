import { useCallback, useEffect, useState } from 'react';

/** A simulated call: dialing, connected after CONNECT_AFTER_MS, then ended by hanging up. */
export type CallPhase = 'idle' | 'dialing' | 'connected' | 'ended';

export const CONNECT_AFTER_MS = 2000;

const secondsBetween = (from: number, to: number) => Math.max(0, Math.floor((to - from) / 1000));

/** Nothing is dialled: timers play the call out in the browser. */
export function useSimulatedCall() {
  const [phase, setPhase] = useState<CallPhase>('idle');
  const [connectedAt, setConnectedAt] = useState(0);
  const [now, setNow] = useState(0);
  const [talked, setTalked] = useState(0);

  useEffect(() => {
    if (phase !== 'dialing') return;
    const timer = setTimeout(() => {
      const at = Date.now();
      setConnectedAt(at);
      setNow(at);
      setPhase('connected');
    }, CONNECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  useEffect(() => {
    if (phase !== 'connected') return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [phase]);

  const dial = useCallback(() => setPhase('dialing'), []);
  const hangUp = useCallback(() => {
    setTalked(phase === 'connected' ? secondsBetween(connectedAt, Date.now()) : 0);
    setPhase('ended');
  }, [phase, connectedAt]);
  const reset = useCallback(() => {
    setPhase('idle');
    setTalked(0);
  }, []);

  const seconds =
    phase === 'connected' ? secondsBetween(connectedAt, now) : phase === 'ended' ? talked : 0;
  return { phase, seconds, dial, hangUp, reset };
}
