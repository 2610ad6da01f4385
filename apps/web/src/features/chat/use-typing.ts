import { useCallback, useEffect, useState } from 'react';

/**
 * "Someone is typing", shown until the time the event gives (a few seconds) or until
 * their message arrives. An event already out of date (a replay) shows nothing.
 */
export function useTypingFrom() {
  const [until, setUntil] = useState(0);
  const [, tick] = useState(0);
  const active = until > Date.now();
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => tick((n) => n + 1), until - Date.now() + 50);
    return () => clearTimeout(timer);
  }, [active, until]);
  const show = useCallback((at: string) => {
    const time = Date.parse(at);
    if (Number.isFinite(time) && time > Date.now()) setUntil(time);
  }, []);
  const clear = useCallback(() => setUntil(0), []);
  return { active, show, clear };
}
