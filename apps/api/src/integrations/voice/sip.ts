import type { GatewayEvent, VoiceGateway } from './port.js';

/** The edge counts as connected while it was heard from within this. */
export const EDGE_SEEN_MS = 120_000;

/**
 * Calls through the SIP edge (Kamailio): the edge dials, and reports through
 * `/internal/voice/*` rather than through events here. A web call waits, with its token,
 * for the browser's softphone to send the INVITE the edge authorises.
 */
export function createSipVoiceGateway(now: () => number = Date.now): VoiceGateway & {
  /** The edge was heard from (any /internal/voice request). */
  touch(): void;
} {
  let seenAt = 0;
  return {
    mode: 'sip',
    connected: () => now() - seenAt < EDGE_SEEN_MS,
    touch() {
      seenAt = now();
    },
    dial() {},
    hangup: () => false,
    running: () => [],
    onEvent(_listener: (e: GatewayEvent) => Promise<void>) {},
    async close() {},
  };
}
