import { useEffect, useState } from 'react';

/** Whole seconds since the component mounted, updated every second while `running`. */
export function useSecondsSince(running = true): number {
  const [start] = useState(() => Date.now());
  const [now, setNow] = useState(start);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return Math.floor((now - start) / 1000);
}
