import { useCallback, useEffect, useState } from 'react';

export type MicrophoneState = 'granted' | 'denied' | 'prompt' | 'unknown';

/**
 * The browser's microphone permission, kept current, and a way to ask for it (a short
 * getUserMedia whose tracks are stopped at once). 'unknown' where the browser cannot say.
 */
export function useMicrophone(enabled: boolean) {
  const [state, setState] = useState<MicrophoneState>('unknown');
  useEffect(() => {
    if (!enabled || !navigator.permissions?.query) return;
    let status: PermissionStatus | null = null;
    let live = true;
    const read = () => status && live && setState(status.state as MicrophoneState);
    navigator.permissions
      .query({ name: 'microphone' as PermissionName })
      .then((s) => {
        status = s;
        read();
        s.addEventListener('change', read);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      status?.removeEventListener('change', read);
    };
  }, [enabled]);

  const request = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia) return setState('denied');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      for (const track of stream.getTracks()) track.stop();
      setState('granted');
    } catch {
      setState('denied');
    }
  }, []);
  return { state, request };
}
