/** The SIP account a softphone registers with (GET /api/sip/account). */
export interface SoftphoneConfig {
  wssUrl: string;
  username: string;
  password: string;
  domain: string;
  /** Plays the far end's audio; read when a call's media arrives. */
  audio?: () => HTMLAudioElement | null;
}

export type RegistrationState = 'connecting' | 'registered' | 'failed' | 'unregistered';

/** Why a registration or a call failed, in words the page translates. */
export type FailureKind =
  | 'auth'
  | 'network'
  | 'timeout'
  | 'busy'
  | 'rejected'
  | 'notFound'
  | 'unavailable'
  | 'noAnswer'
  | 'microphone'
  | 'media'
  | 'load'
  | 'other';

export interface Failure {
  kind: FailureKind;
  /** The SIP status the far side answered with, when there was one. */
  code: number | null;
}

export interface SessionView {
  direction: 'outgoing' | 'incoming';
  /** The other side's number (the destination, or the caller's user part). */
  remote: string;
  /** 'incoming': waiting for answer() or decline(). */
  status: 'incoming' | 'calling' | 'ringing' | 'answered';
  muted: boolean;
  /** When it was answered (ms since epoch), for the talk timer. */
  answeredAt: number | null;
}

export interface EndedView {
  direction: 'outgoing' | 'incoming';
  remote: string;
  /** Null when it ended normally (hung up by either side, or declined here). */
  failure: Failure | null;
}

export interface SoftphoneSnapshot {
  state: RegistrationState;
  /** Why registration failed (state 'failed'). */
  error: Failure | null;
  /** The call in progress, one at a time. */
  session: SessionView | null;
  /** The last call that ended, until the next one starts. */
  ended: EndedView | null;
}

/** A browser softphone: one SIP registration and at most one call. */
export interface Softphone {
  readonly state: RegistrationState;
  getSnapshot(): SoftphoneSnapshot;
  /** Calls `listener` after each change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  register(): void;
  /** Ends any call, unregisters and closes the connection. */
  unregister(): void;
  /** An audio-only call to `destination` (E.164) carrying Parley's call token. */
  call(destination: string, token: string): void;
  /** Ends the call in progress; false when there is none. */
  hangup(): boolean;
  mute(on: boolean): void;
  sendDtmf(digit: string): void;
  answer(): void;
  decline(): void;
}
