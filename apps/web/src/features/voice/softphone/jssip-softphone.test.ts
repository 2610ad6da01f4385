import { afterEach, describe, expect, it, vi } from 'vitest';

type Handler = (e?: unknown) => void;

const jssip = vi.hoisted(() => {
  /** Enough of an EventEmitter for the adapter: on() and a way to fire. */
  class Emitter {
    handlers = new Map<string, Handler[]>();
    on(event: string, handler: Handler) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
      return this;
    }
    fire(event: string, e?: unknown) {
      for (const h of this.handlers.get(event) ?? []) h(e);
    }
  }
  class FakeSession extends Emitter {
    ended = false;
    connection = { getSenders: () => [{ dtmf: {} }] };
    remote_identity = { uri: { user: '+447700900555' } };
    terminate = vi.fn(() => {
      this.ended = true;
    });
    answer = vi.fn();
    mute = vi.fn(() => this.fire('muted', { audio: true }));
    unmute = vi.fn(() => this.fire('unmuted', { audio: true }));
    sendDTMF = vi.fn();
    isEnded = () => this.ended;
  }
  const made: { ua: unknown[]; socket: string[] } = { ua: [], socket: [] };
  return { Emitter, FakeSession, made };
});
const { FakeSession } = jssip;
type FakeSession = InstanceType<typeof FakeSession>;
type Emitter = InstanceType<typeof jssip.Emitter>;

vi.mock('jssip', () => {
  class UA extends jssip.Emitter {
    calls: {
      target: string;
      options: Record<string, unknown>;
      session: InstanceType<typeof jssip.FakeSession>;
    }[] = [];
    start = vi.fn();
    stop = vi.fn();
    constructor(readonly config: Record<string, unknown>) {
      super();
      jssip.made.ua.push(this);
    }
    call(target: string, options: { eventHandlers: Record<string, Handler> }) {
      const session = new jssip.FakeSession();
      for (const [k, h] of Object.entries(options.eventHandlers)) session.on(k, h);
      this.calls.push({ target, options, session });
      return session;
    }
  }
  class WebSocketInterface {
    constructor(url: string) {
      jssip.made.socket.push(url);
    }
  }
  return { UA, WebSocketInterface, C: { DTMF_TRANSPORT: { INFO: 'INFO', RFC2833: 'RFC2833' } } };
});

import { createSoftphone } from './jssip-softphone';

type FakeUA = Emitter & {
  config: Record<string, unknown>;
  calls: { target: string; options: Record<string, unknown>; session: FakeSession }[];
  start: ReturnType<typeof vi.fn>;
  stop: ReturnType<typeof vi.fn>;
};

const CONFIG = {
  wssUrl: 'wss://sip.example.net:8443',
  username: 'p123456789',
  password: 'secret',
  domain: 'sip.example.net',
};

function registered(audio?: HTMLAudioElement) {
  const phone = createSoftphone({ ...CONFIG, audio: () => audio ?? null });
  phone.register();
  const ua = jssip.made.ua.at(-1) as FakeUA;
  ua.fire('registered', {});
  return { phone, ua };
}

afterEach(() => {
  jssip.made.ua.length = 0;
  jssip.made.socket.length = 0;
});

describe('createSoftphone (JsSIP)', () => {
  it('registers the account over the WebSocket and reports each state', () => {
    const phone = createSoftphone(CONFIG);
    const seen: string[] = [];
    phone.subscribe(() => seen.push(phone.state));
    expect(phone.state).toBe('unregistered');
    phone.register();
    const ua = jssip.made.ua[0] as FakeUA;
    expect(jssip.made.socket).toEqual(['wss://sip.example.net:8443']);
    expect(ua.config).toMatchObject({
      uri: 'sip:p123456789@sip.example.net',
      authorization_user: 'p123456789',
      password: 'secret',
      register: true,
    });
    expect(ua.start).toHaveBeenCalled();
    expect(phone.state).toBe('connecting');
    ua.fire('registered', {});
    expect(phone.state).toBe('registered');
    phone.unregister();
    expect(ua.stop).toHaveBeenCalled();
    expect(seen).toEqual(['connecting', 'registered', 'unregistered']);
  });

  it('says why registration failed, with the SIP code', () => {
    const phone = createSoftphone(CONFIG);
    phone.register();
    const ua = jssip.made.ua[0] as FakeUA;
    ua.fire('registrationFailed', {
      cause: 'Authentication Error',
      response: { status_code: 401 },
    });
    expect(phone.getSnapshot()).toMatchObject({
      state: 'failed',
      error: { kind: 'auth', code: 401 },
    });
    ua.fire('registered', {});
    expect(phone.getSnapshot()).toMatchObject({ state: 'registered', error: null });
    ua.fire('disconnected', { error: true });
    expect(phone.getSnapshot().error).toEqual({ kind: 'network', code: null });
  });

  it('calls the destination at the domain with the token, audio only', () => {
    const { phone, ua } = registered();
    phone.call('+447400123456', 'tok-123');
    const [placed] = ua.calls;
    expect(placed?.target).toBe('sip:+447400123456@sip.example.net');
    expect(placed?.options.extraHeaders).toEqual(['X-Parley-Call-Token: tok-123']);
    expect(placed?.options.mediaConstraints).toEqual({ audio: true, video: false });
    expect(phone.getSnapshot().session).toMatchObject({
      direction: 'outgoing',
      remote: '+447400123456',
      status: 'calling',
    });
    placed?.session.fire('progress', {});
    expect(phone.getSnapshot().session?.status).toBe('ringing');
    placed?.session.fire('accepted', {});
    expect(phone.getSnapshot().session?.status).toBe('answered');
    expect(phone.getSnapshot().session?.answeredAt).toBeTypeOf('number');
  });

  it('hangs up, mutes and sends tones on the session', () => {
    const { phone, ua } = registered();
    expect(phone.hangup()).toBe(false);
    phone.call('+447400123456', 't');
    const session = ua.calls[0]?.session as FakeSession;
    session.fire('accepted', {});
    phone.mute(true);
    expect(session.mute).toHaveBeenCalledWith({ audio: true });
    expect(phone.getSnapshot().session?.muted).toBe(true);
    phone.mute(false);
    expect(phone.getSnapshot().session?.muted).toBe(false);
    phone.sendDtmf('5');
    phone.sendDtmf('#');
    phone.sendDtmf('x');
    expect(session.sendDTMF.mock.calls).toEqual([
      ['5', { transportType: 'RFC2833' }],
      ['#', { transportType: 'RFC2833' }],
    ]);
    expect(phone.hangup()).toBe(true);
    expect(session.terminate).toHaveBeenCalled();
    session.fire('ended', { originator: 'local', cause: 'Terminated' });
    expect(phone.getSnapshot()).toMatchObject({
      session: null,
      ended: { direction: 'outgoing', failure: null },
    });
  });

  it('reports a failed call with its cause and SIP code', () => {
    const { phone, ua } = registered();
    phone.call('+447400123456', 't');
    ua.calls[0]?.session.fire('failed', {
      originator: 'remote',
      cause: 'Busy',
      message: { status_code: 486 },
    });
    expect(phone.getSnapshot().ended?.failure).toEqual({ kind: 'busy', code: 486 });
    phone.call('+447400123456', 't');
    ua.calls[1]?.session.fire('failed', { originator: 'local', cause: 'User Denied Media Access' });
    expect(phone.getSnapshot().ended?.failure).toEqual({ kind: 'microphone', code: null });
  });

  it('takes an incoming call: answer with audio, decline with 603, a second one busy', () => {
    const { phone, ua } = registered();
    const incoming = new FakeSession();
    ua.fire('newRTCSession', { originator: 'remote', session: incoming });
    expect(phone.getSnapshot().session).toMatchObject({
      direction: 'incoming',
      remote: '+447700900555',
      status: 'incoming',
    });
    const second = new FakeSession();
    ua.fire('newRTCSession', { originator: 'remote', session: second });
    expect(second.terminate).toHaveBeenCalledWith({ status_code: 486, reason_phrase: 'Busy Here' });
    phone.answer();
    expect(incoming.answer).toHaveBeenCalledWith({
      mediaConstraints: { audio: true, video: false },
    });
    incoming.fire('accepted', {});
    expect(phone.getSnapshot().session?.status).toBe('answered');
    incoming.fire('ended', { originator: 'remote', cause: 'Terminated' });

    const another = new FakeSession();
    ua.fire('newRTCSession', { originator: 'remote', session: another });
    phone.decline();
    expect(another.terminate).toHaveBeenCalledWith({ status_code: 603, reason_phrase: 'Decline' });
    another.fire('failed', { originator: 'local', cause: 'Rejected' });
    expect(phone.getSnapshot()).toMatchObject({ session: null, ended: { failure: null } });
  });

  it('plays the far end through the audio element', () => {
    const audio = { srcObject: null as unknown, play: vi.fn(async () => undefined) };
    const { phone, ua } = registered(audio as unknown as HTMLAudioElement);
    phone.call('+447400123456', 't');
    const pc = new EventTarget();
    ua.calls[0]?.session.fire('peerconnection', { peerconnection: pc });
    const stream = { id: 'remote' };
    pc.dispatchEvent(Object.assign(new Event('track'), { streams: [stream], track: {} }));
    expect(audio.srcObject).toBe(stream);
    expect(audio.play).toHaveBeenCalled();
    ua.calls[0]?.session.fire('ended', { originator: 'remote', cause: 'Terminated' });
    expect(audio.srcObject).toBeNull();
  });
});
