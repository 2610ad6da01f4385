import { SANDBOX_TEST_ENDINGS } from '@parley/shared';
import type { GatewayEvent, VoiceGateway } from './port.js';

export interface SandboxTiming {
  /** INVITE to ringing. */
  ringMs: number;
  /** Ringing to answer. */
  answerMs: number;
  /** How long a `…0001` destination rings before giving up. */
  noAnswerMs: number;
  /** How long a `…0003` destination talks before hanging up. */
  farEndHangupMs: number;
}

export const SANDBOX_TIMING: SandboxTiming = {
  ringMs: 800,
  answerMs: 2000,
  noAnswerMs: 15_000,
  farEndHangupMs: 8000,
};

type Ended = Extract<GatewayEvent, { kind: 'ended' }>;

/**
 * A simulated network: a call rings after a moment and is answered, then lasts until it
 * is hung up (from the page, the cut-off, an admin). Destinations ending 0000 are busy,
 * 0001 never answer, 0002 fail, 0003 are answered and hang up after a few seconds.
 */
export function createSandboxVoiceGateway(timing: SandboxTiming = SANDBOX_TIMING): VoiceGateway {
  const listeners: ((e: GatewayEvent) => Promise<void>)[] = [];
  const live = new Map<string, { answered: boolean; timers: NodeJS.Timeout[] }>();

  const emit = (event: GatewayEvent) => {
    for (const listener of listeners) void listener(event).catch(() => {});
  };
  const end = (callId: string, cause: Ended['cause'], by: Ended['by']) => {
    const call = live.get(callId);
    if (!call) return;
    for (const t of call.timers) clearTimeout(t);
    live.delete(callId);
    emit({ callId, kind: 'ended', at: new Date(), cause, by });
  };
  const later = (callId: string, ms: number, work: () => void) => {
    const call = live.get(callId);
    call?.timers.push(setTimeout(work, ms));
  };

  return {
    mode: 'sandbox',
    connected: () => true,
    dial({ id, destination }) {
      live.set(id, { answered: false, timers: [] });
      const ending = destination.slice(-4);
      if (ending === SANDBOX_TEST_ENDINGS.failed)
        return later(id, timing.ringMs, () => end(id, 'failed', 'callee'));
      later(id, timing.ringMs, () => {
        emit({ callId: id, kind: 'ringing', at: new Date() });
        if (ending === SANDBOX_TEST_ENDINGS.busy) return end(id, 'busy', 'callee');
        if (ending === SANDBOX_TEST_ENDINGS.noAnswer)
          return later(id, timing.noAnswerMs, () => end(id, 'no_answer', 'system'));
        later(id, timing.answerMs, () => {
          const call = live.get(id);
          if (!call) return;
          call.answered = true;
          emit({ callId: id, kind: 'answered', at: new Date() });
          if (ending === SANDBOX_TEST_ENDINGS.farEndHangup)
            later(id, timing.farEndHangupMs, () => end(id, 'normal', 'callee'));
        });
      });
    },
    hangup(callId, cause, by) {
      const call = live.get(callId);
      if (!call) return false;
      end(callId, call.answered ? cause : cause === 'normal' ? 'cancelled' : cause, by);
      return true;
    },
    running: () => [...live.keys()],
    onEvent(listener) {
      listeners.push(listener);
    },
    async close() {
      for (const call of live.values()) for (const t of call.timers) clearTimeout(t);
      live.clear();
    },
  };
}
