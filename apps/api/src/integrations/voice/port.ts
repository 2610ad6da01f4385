/** What the network says about a call Parley placed. */
export type GatewayEvent =
  | { callId: string; kind: 'ringing' | 'answered'; at: Date }
  | {
      callId: string;
      kind: 'ended';
      at: Date;
      cause: 'normal' | 'busy' | 'no_answer' | 'failed' | 'cancelled' | 'cutoff' | 'admin';
      by: 'caller' | 'callee' | 'system';
    };

/**
 * The voice port. `sandbox` simulates the network in-process; `sip` leaves the dialling
 * to the SIP edge, which reports through `/internal/voice/*` instead of these events.
 */
export interface VoiceGateway {
  readonly mode: 'sandbox' | 'sip';
  /** Can calls be placed now? */
  connected(): boolean;
  /** Start a web call that is already written and held. */
  dial(call: { id: string; destination: string }): void;
  /**
   * Ask the network to end a call; its `ended` event follows. False when this gateway
   * does not run the call (another instance's, or lost in a restart).
   */
  hangup(callId: string, cause: 'normal' | 'cutoff' | 'admin', by: 'caller' | 'system'): boolean;
  /**
   * Ends an answered call the SIP edge runs (BYE to both sides); false when the edge
   * cannot (no such dialog, or it is out of reach). Only the `sip` gateway has it.
   */
  endOnEdge?(edgeCallId: string): Promise<boolean>;
  /**
   * Has the edge read the trunks' IP sources again (after an address changed); false
   * when it could not be asked. Never throws. Only the `sip` gateway has it.
   */
  reloadTrunkSources?(): Promise<boolean>;
  /** The calls this gateway is running now. */
  running(): string[];
  onEvent(listener: (event: GatewayEvent) => Promise<void>): void;
  close(): Promise<void>;
}
