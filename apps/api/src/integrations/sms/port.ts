/** A message as a gateway sends it; the id is Parley's own. */
export interface OutgoingSms {
  id: string;
  senderId: string;
  /** E.164 with its +. */
  recipient: string;
  message: string;
  /**
   * Parts already accepted upstream by an earlier try (their ids), so a retry sends
   * only the rest and never a part twice.
   */
  acceptedParts?: readonly string[];
  /** The concatenation reference all parts of this message share (0–255). */
  reference: number;
}

/** What a delivery receipt says about one part. */
export interface ReceiptStatus {
  /** The upstream id as the receipt gives it; see receiptIdCandidates. */
  upstreamId: string;
  status: 'delivered' | 'failed';
  error?: string;
}

/**
 * A deliver_sm as it arrived: a message from a handset, an acknowledgement, or the
 * envelope of a receipt. Stored for admins when it is not a receipt of ours.
 */
export interface InboundSms {
  /** The address it came from, as the SMSC wrote it (a receipt's: the handset). */
  source: string;
  destination: string;
  message: string;
  esmClass: number;
  dataCoding: number;
}

/** A delivery receipt: only a deliver_sm whose esm_class says "SMSC delivery receipt". */
export interface Receipt extends ReceiptStatus {
  /** The deliver_sm that carried it: its source must be the message's recipient. */
  envelope: InboundSms;
}

/** The upstream is down, busy or did not answer: try again later. */
export class GatewayUnavailableError extends Error {
  constructor(
    message: string,
    /** Parts accepted before it failed. */
    readonly accepted: readonly string[] = [],
  ) {
    super(message);
    this.name = 'GatewayUnavailableError';
  }
}

/**
 * The upstream may or may not have taken a part (no answer in time, or the link fell
 * while it was outstanding). Sending it again could deliver it twice, so it is not.
 */
export class GatewayUnknownOutcomeError extends Error {
  constructor(
    message: string,
    readonly accepted: readonly string[] = [],
  ) {
    super(message);
    this.name = 'GatewayUnknownOutcomeError';
  }
}

/** The upstream refused the message itself (a bad number…): it will never be sent. */
export class GatewayRejectedError extends Error {
  constructor(
    message: string,
    readonly accepted: readonly string[] = [],
  ) {
    super(message);
    this.name = 'GatewayRejectedError';
  }
}

/** The SMS port: Parley hands a message over, and hears back through receipts. */
export interface SmsGateway {
  readonly mode: 'sandbox' | 'smpp';
  /** Resolves with the upstream id of every part, in order. */
  submit(sms: OutgoingSms): Promise<string[]>;
  /**
   * The listener resolves once the receipt is recorded; only then is it acknowledged
   * upstream. A rejection (or no listener) asks the SMSC to send it again later.
   */
  onReceipt(listener: (receipt: Receipt) => Promise<void>): () => void;
  /** Any other deliver_sm; acknowledged once the listener has stored it. */
  onInbound(listener: (sms: InboundSms) => Promise<void>): () => void;
  close(): Promise<void>;
}
