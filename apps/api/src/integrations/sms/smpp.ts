import { smsParts } from '@parley/shared';
import smpp, { type Pdu, type Session } from 'smpp';
import {
  GatewayRejectedError,
  GatewayUnavailableError,
  GatewayUnknownOutcomeError,
  type InboundSms,
  type OutgoingSms,
  type Receipt,
  type ReceiptStatus,
  type SmsGateway,
} from './port.js';
import { parseReceipt, receiptFromState } from './receipt.js';
import { createSmppLink } from './smpp-link.js';

export interface SmppOptions {
  host: string;
  port: number;
  systemId: string;
  password: string;
  /** SMPP over TLS (SMPP_TLS); null or absent for plain TCP. */
  tls?: { ca: string | null; rejectUnauthorized: boolean } | null;
  /** Most submit_sm per second. */
  submitsPerSecond: number;
  enquireLinkMs?: number;
  /** How long to wait for any answer (submit_sm_resp, bind, enquire_link). */
  responseTimeoutMs?: number;
  /** First reconnect delay; doubles up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** How long the SMSC may keep trying a message: sent as its validity_period. */
  validityMs?: number;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void };
}

/** Statuses that mean "not now" rather than "never". */
const TRANSIENT = new Set([smpp.ESME_RTHROTTLED, smpp.ESME_RMSGQFUL, smpp.ESME_RSYSERR]);
/** ESME_RX_T_APPN: a temporary failure on our side; the SMSC retries the delivery. */
const RETRY_LATER = 0x64;
const UDH_CONCAT = (ref: number, total: number, seq: number) =>
  Buffer.from([0x05, 0x00, 0x03, ref & 0xff, total, seq]);

/** Alphanumeric (TON 5), a short code (TON 3) or an international number (TON 1). */
function sourceAddress(senderId: string) {
  const digits = senderId.replace(/^\+/, '');
  if (/[^\d]/.test(digits))
    return { source_addr_ton: 5, source_addr_npi: 0, source_addr: senderId };
  if (digits.length <= 8 && !senderId.startsWith('+'))
    return { source_addr_ton: 3, source_addr_npi: 0, source_addr: digits };
  return { source_addr_ton: 1, source_addr_npi: 1, source_addr: digits };
}

/** The message-type bits of esm_class (SMPP 3.4 §5.2.12, bits 5–2), and its receipt value. */
const MESSAGE_TYPE_BITS = 0x3c;
const SMSC_DELIVERY_RECEIPT = 0x04;

/** True only for "SMSC delivery receipt": the mode and GSM feature bits are ignored. */
export const isDeliveryReceipt = (esmClass: unknown) =>
  ((Number(esmClass) || 0) & MESSAGE_TYPE_BITS) === SMSC_DELIVERY_RECEIPT;

/**
 * An SMPP relative time (§7.1.1, "YYMMDDhhmmss000R") for a duration of up to 99 days,
 * so the SMSC's clock does not matter.
 */
export function relativeValidity(ms: number): string {
  let s = Math.max(1, Math.round(ms / 1000));
  const days = Math.min(99, Math.floor(s / 86_400));
  s -= days * 86_400;
  const two = (n: number) => String(n).padStart(2, '0');
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  return `0000${two(days)}${two(hh)}${two(mm)}${two(s % 60)}000R`;
}

function textOf(pdu: Pdu): string {
  const body = (pdu.short_message ?? pdu.message_payload) as
    | { message?: unknown }
    | string
    | undefined;
  const message = typeof body === 'object' && body !== null ? body.message : body;
  if (typeof message === 'string') return message;
  return Buffer.isBuffer(message) ? message.toString('hex') : '';
}

function envelopeOf(pdu: Pdu): InboundSms {
  return {
    source: String(pdu.source_addr ?? ''),
    destination: String(pdu.destination_addr ?? ''),
    message: textOf(pdu),
    esmClass: Number(pdu.esm_class) || 0,
    dataCoding: Number(pdu.data_coding) || 0,
  };
}

/** The receipt a deliver_sm carries: in its text, or in the message_state TLV. */
function receiptOf(pdu: Pdu, text: string): ReceiptStatus | null {
  const id = typeof pdu.receipted_message_id === 'string' ? pdu.receipted_message_id : null;
  return (
    parseReceipt(text, id) ??
    (id && typeof pdu.message_state === 'number' ? receiptFromState(id, pdu.message_state) : null)
  );
}

/**
 * An SMPP v3.4 client bound as a transceiver: submit_sm with registered delivery
 * (concatenated with a UDH when a message needs several parts; data_coding 8 for
 * UCS-2), deliver_sm receipts acknowledged only once recorded, and a submit rate. While
 * unbound, submit fails fast as unavailable and the outbox retries; a submit left
 * unanswered fails as an unknown outcome and is never sent again.
 */
export function createSmppGateway(options: SmppOptions): SmsGateway & {
  /** Resolves once bound (tests and start-up logs). */
  ready(): Promise<void>;
  readonly bound: boolean;
} {
  const listeners = new Set<(receipt: Receipt) => Promise<void>>();
  const inboundListeners = new Set<(sms: InboundSms) => Promise<void>>();
  const responseTimeout = options.responseTimeoutMs ?? 10_000;
  const gap = 1000 / Math.max(options.submitsPerSecond, 0.001);
  let nextSlot = 0;
  const pending = new Map<Session, Set<(err: Error) => void>>();

  /**
   * Only an SMSC delivery receipt is read as one; anything else (a handset's reply, an
   * SME acknowledgement, a receipt-looking text without the bit) goes to the inbound
   * listeners. Either is acknowledged once recorded; a receipt that is not final is
   * acknowledged and dropped.
   */
  function onDeliver(s: Session, pdu: Pdu) {
    const envelope = envelopeOf(pdu);
    let work: Promise<unknown>[];
    if (isDeliveryReceipt(pdu.esm_class)) {
      const status = receiptOf(pdu, envelope.message);
      if (!status) {
        s.send(pdu.response());
        return;
      }
      work = [...listeners].map((l) => l({ ...status, envelope }));
    } else work = [...inboundListeners].map((l) => l(envelope));
    Promise.all(work)
      .then(() => s.send(pdu.response({ command_status: work.length ? 0 : RETRY_LATER })))
      .catch(() => s.send(pdu.response({ command_status: RETRY_LATER })));
  }

  const link = createSmppLink({
    ...options,
    answerTimeoutMs: responseTimeout,
    onSession: (s) => s.on('deliver_sm', (pdu: Pdu) => onDeliver(s, pdu)),
    onClosed: (s) => {
      const waiting = pending.get(s);
      pending.delete(s);
      for (const fail of waiting ?? [])
        fail(new GatewayUnknownOutcomeError('The SMPP link closed before the SMSC answered.'));
    },
  });

  /** Waits for the next submit slot, so the upstream sees at most the configured rate. */
  async function slot() {
    const now = Date.now();
    const at = Math.max(now, nextSlot);
    nextSlot = at + gap;
    if (at > now) await new Promise((r) => setTimeout(r, at - now));
  }

  function submitPart(s: Session, fields: Record<string, unknown>): Promise<string> {
    return new Promise((resolve, reject) => {
      const waiting = pending.get(s) ?? new Set();
      pending.set(s, waiting);
      const timer = setTimeout(() => {
        waiting.delete(fail);
        reject(new GatewayUnknownOutcomeError('The SMSC did not answer in time.'));
      }, responseTimeout);
      const fail = (err: Error) => {
        clearTimeout(timer);
        reject(err);
      };
      waiting.add(fail);
      const sent = s.submit_sm(fields, (pdu) => {
        clearTimeout(timer);
        waiting.delete(fail);
        const status = pdu.command_status;
        if (status === smpp.ESME_ROK) resolve(String(pdu.message_id ?? '').toLowerCase());
        else if (TRANSIENT.has(status))
          reject(new GatewayUnavailableError(`The SMSC is busy (status ${status}).`));
        else reject(new GatewayRejectedError(`The SMSC refused the message (status ${status}).`));
      });
      // Not written to the socket at all: certainly not sent.
      if (sent === false) {
        clearTimeout(timer);
        waiting.delete(fail);
        reject(new GatewayUnavailableError('The SMPP link is not writable.'));
      }
    });
  }

  return {
    mode: 'smpp',
    get bound() {
      return link.session !== null;
    },
    ready: link.ready,

    async submit(sms: OutgoingSms): Promise<string[]> {
      const { encoding, parts } = smsParts(sms.message);
      const accepted = [...(sms.acceptedParts ?? [])];
      for (let i = accepted.length; i < parts.length; i++) {
        await slot();
        const s = link.session;
        if (!s) throw new GatewayUnavailableError('Not bound to the SMSC.', accepted);
        const message = parts[i] ?? '';
        try {
          accepted.push(
            await submitPart(s, {
              ...sourceAddress(sms.senderId),
              dest_addr_ton: 1,
              dest_addr_npi: 1,
              destination_addr: sms.recipient.replace(/^\+/, ''),
              registered_delivery: 1,
              ...(options.validityMs
                ? { validity_period: relativeValidity(options.validityMs) }
                : {}),
              data_coding: encoding === 'UCS-2' ? 8 : 0,
              short_message:
                parts.length > 1
                  ? { udh: UDH_CONCAT(sms.reference, parts.length, i + 1), message }
                  : message,
            }),
          );
        } catch (err) {
          const Kind = (err as Error).constructor as
            | typeof GatewayRejectedError
            | typeof GatewayUnavailableError
            | typeof GatewayUnknownOutcomeError;
          throw new Kind((err as Error).message, accepted);
        }
      }
      return accepted;
    },

    onReceipt(listener: (receipt: Receipt) => Promise<void>) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    onInbound(listener: (sms: InboundSms) => Promise<void>) {
      inboundListeners.add(listener);
      return () => inboundListeners.delete(listener);
    },

    close: () => link.close(),
  };
}
