import { C, UA, WebSocketInterface } from 'jssip';
import type { EndEvent, RTCSession, RTCSessionEventMap } from 'jssip/lib/RTCSession';
import type { RTCSessionEvent } from 'jssip/lib/UA';
import { failureOf, isNormalEnd } from './failures';
import type { Failure, SessionView, Softphone, SoftphoneConfig, SoftphoneSnapshot } from './types';

const AUDIO_ONLY = { audio: true, video: false };
const DTMF_DIGIT = /^[0-9*#]$/;

const INITIAL: SoftphoneSnapshot = {
  state: 'unregistered',
  error: null,
  session: null,
  ended: null,
};

/** Plays the far end's audio through `audio` once it arrives. */
function playRemote(pc: RTCPeerConnection, audioOf: () => HTMLAudioElement | null) {
  pc.addEventListener('track', (e) => {
    const audio = audioOf();
    if (!audio) return;
    audio.srcObject = e.streams[0] ?? new MediaStream([e.track]);
    void audio.play().catch(() => undefined);
  });
}

interface Entry {
  session: RTCSession | null;
  view: SessionView;
}

/**
 * The softphone on JsSIP: registers the customer's SIP account over the edge's
 * WebSocket, places audio calls with Parley's token, takes one incoming call at a time
 * (a second one is answered 486 Busy Here) and plays the far end through `audio`.
 */
export function createSoftphone(config: SoftphoneConfig): Softphone {
  let ua: UA | null = null;
  let stopping = false;
  let current: Entry | null = null;
  let snapshot: SoftphoneSnapshot = INITIAL;
  const listeners = new Set<() => void>();

  const set = (patch: Partial<SoftphoneSnapshot>) => {
    snapshot = { ...snapshot, ...patch, session: current?.view ?? null };
    for (const listener of listeners) listener();
  };

  const audioOf = () => config.audio?.() ?? null;

  function finish(entry: Entry, failure: Failure | null) {
    if (current !== entry) return;
    current = null;
    const audio = audioOf();
    if (audio) audio.srcObject = null;
    set({ ended: { direction: entry.view.direction, remote: entry.view.remote, failure } });
  }

  function handlersFor(entry: Entry): Partial<RTCSessionEventMap> {
    const update = (patch: Partial<SessionView>) => {
      if (current !== entry) return;
      entry.view = { ...entry.view, ...patch };
      set({});
    };
    const end = (e: EndEvent) =>
      finish(entry, isNormalEnd(e) ? null : failureOf(e.cause, e.message));
    return {
      peerconnection: (e) => playRemote(e.peerconnection, audioOf),
      progress: () => entry.view.status === 'calling' && update({ status: 'ringing' }),
      accepted: () => update({ status: 'answered', answeredAt: Date.now() }),
      muted: () => update({ muted: true }),
      unmuted: () => update({ muted: false }),
      ended: end,
      failed: end,
    };
  }

  function begin(view: Omit<SessionView, 'muted' | 'answeredAt'>): Entry {
    const entry: Entry = { session: null, view: { ...view, muted: false, answeredAt: null } };
    current = entry;
    set({ ended: null });
    return entry;
  }

  function onSession({ originator, session }: RTCSessionEvent) {
    if (originator !== 'remote') return;
    if (current) return session.terminate({ status_code: 486, reason_phrase: 'Busy Here' });
    const entry = begin({
      direction: 'incoming',
      remote: session.remote_identity.uri.user,
      status: 'incoming',
    });
    entry.session = session;
    for (const [event, handler] of Object.entries(handlersFor(entry)))
      session.on(event as keyof RTCSessionEventMap, handler);
  }

  function start(): UA {
    const agent = agentFor(config);
    agent.on('connecting', () => snapshot.state !== 'failed' && set({ state: 'connecting' }));
    agent.on('registered', () => set({ state: 'registered', error: null }));
    agent.on('unregistered', () => set({ state: 'unregistered' }));
    agent.on('registrationFailed', (e) =>
      set({ state: 'failed', error: failureOf(e.cause, e.response) }),
    );
    // A lost connection is retried by JsSIP; until then the phone cannot be reached.
    agent.on('disconnected', () => {
      if (!stopping) set({ state: 'failed', error: { kind: 'network', code: null } });
    });
    agent.on('newRTCSession', onSession);
    return agent;
  }

  const session = () => current?.session ?? null;

  return {
    get state() {
      return snapshot.state;
    },
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    register() {
      stopping = false;
      ua ??= start();
      set({ state: 'connecting', error: null });
      ua.start();
    },
    unregister() {
      stopping = true;
      if (current) finish(current, null);
      ua?.stop();
      set({ state: 'unregistered', error: null });
    },
    call(destination, token) {
      if (!ua || current) return;
      const entry = begin({ direction: 'outgoing', remote: destination, status: 'calling' });
      try {
        entry.session = ua.call(`sip:${destination}@${config.domain}`, {
          extraHeaders: [`X-Parley-Call-Token: ${token}`],
          mediaConstraints: AUDIO_ONLY,
          rtcOfferConstraints: { offerToReceiveAudio: true, offerToReceiveVideo: false },
          eventHandlers: handlersFor(entry),
        });
      } catch {
        finish(entry, { kind: 'other', code: null });
      }
    },
    ...sessionControls(session, () => current?.view.status),
  };
}

/** The SIP account's user agent over the edge's WebSocket. */
function agentFor(config: SoftphoneConfig): UA {
  return new UA({
    sockets: [new WebSocketInterface(config.wssUrl)],
    uri: `sip:${config.username}@${config.domain}`,
    authorization_user: config.username,
    password: config.password,
    register: true,
    user_agent: 'Parley',
  });
}

/** What the customer does to the call in progress (`session`, whose state is `status`). */
function sessionControls(
  session: () => RTCSession | null,
  status: () => SessionView['status'] | undefined,
): Pick<Softphone, 'hangup' | 'mute' | 'sendDtmf' | 'answer' | 'decline'> {
  return {
    hangup() {
      const s = session();
      if (!s || s.isEnded()) return false;
      try {
        s.terminate();
        return true;
      } catch {
        return false;
      }
    },
    mute(on) {
      const s = session();
      if (on) s?.mute({ audio: true });
      else s?.unmute({ audio: true });
    },
    sendDtmf(digit) {
      const s = session();
      if (!s || !DTMF_DIGIT.test(digit)) return;
      // In the audio stream (RFC 2833) when the browser can; as SIP INFO otherwise.
      const inBand = s.connection?.getSenders?.().some((sender) => sender.dtmf);
      try {
        s.sendDTMF(digit, {
          transportType: inBand ? C.DTMF_TRANSPORT.RFC2833 : C.DTMF_TRANSPORT.INFO,
        });
      } catch {
        // Not in a state to send tones (not answered yet): nothing to do.
      }
    },
    answer() {
      const s = session();
      if (status() === 'incoming') s?.answer({ mediaConstraints: AUDIO_ONLY });
    },
    decline() {
      const s = session();
      if (status() === 'incoming') s?.terminate({ status_code: 603, reason_phrase: 'Decline' });
    },
  };
}
