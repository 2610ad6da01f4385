import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useUser } from '@/lib/current-user';
import { useSipAccount } from '../api/voice';
import type { Softphone, SoftphoneSnapshot } from './types';

/** JsSIP and its adapter: a chunk of their own, fetched only with a real gateway. */
export const loadSoftphone = () => import('./jssip-softphone').then((m) => m.createSoftphone);

export interface SoftphoneHandle extends SoftphoneSnapshot {
  /** The started phone; null while it loads (nothing can be called yet). */
  phone: Softphone | null;
  /** For the `<audio>` element the far end is heard through. */
  audioRef: (el: HTMLAudioElement | null) => void;
}

const IDLE_SNAPSHOT: SoftphoneSnapshot = {
  state: 'unregistered',
  error: null,
  session: null,
  ended: null,
};
const noSubscribe = () => () => undefined;
const idle = () => IDLE_SNAPSHOT;

/**
 * The browser softphone for the signed-in customer's SIP account: loaded and registered
 * while `enabled` (a real gateway) and someone is signed in, unregistered on unmount,
 * on sign-out and when the page is left.
 */
export function useSoftphone(enabled: boolean): SoftphoneHandle {
  const { data: user } = useUser();
  const on = enabled && !!user;
  const account = useSipAccount(on);
  const audio = useRef<HTMLAudioElement | null>(null);
  const [phone, setPhone] = useState<Softphone | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const { wssUrl, username, password, domain } = (on && account.data) || {};

  useEffect(() => {
    if (!wssUrl || !username || !password || !domain) return;
    let live = true;
    let started: Softphone | null = null;
    setLoadFailed(false);
    loadSoftphone().then(
      (create) => {
        if (!live) return;
        started = create({ wssUrl, username, password, domain, audio: () => audio.current });
        started.register();
        setPhone(started);
      },
      () => live && setLoadFailed(true),
    );
    const leave = () => started?.unregister();
    // Back from the browser's page cache: register again.
    const back = (e: PageTransitionEvent) => e.persisted && started?.register();
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', back);
    return () => {
      live = false;
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', back);
      started?.unregister();
      setPhone(null);
    };
  }, [wssUrl, username, password, domain]);

  const snapshot = useSyncExternalStore(
    phone ? phone.subscribe : noSubscribe,
    phone ? phone.getSnapshot : idle,
  );
  const audioRef = useCallback((el: HTMLAudioElement | null) => {
    audio.current = el;
  }, []);

  if (!on || phone) return { ...snapshot, phone, audioRef };
  // Before the phone runs: still loading, or its account or code could not be had.
  const failed = loadFailed || account.isError;
  return {
    ...IDLE_SNAPSHOT,
    state: failed ? 'failed' : 'connecting',
    error: failed ? { kind: 'load', code: null } : null,
    phone: null,
    audioRef,
  };
}
