import { smsParts } from '@parley/shared';
import smpp, { type Pdu, type Session } from 'smpp';
import {
  GatewayRejectedError,
  GatewayUnavailableError,
  GatewayUnknownOutcomeError,
  type OutgoingSms,
  type Receipt,
  type SmsGateway,
} from './port.js';
import { parseReceipt, receiptFromState } from './receipt.js';
import { createSmppLink } from './smpp-link.js';

export interface SmppOptions {
  host: string;
  port: number;
  systemId: string;
  password: string;
  /** Most submit_sm per second. */
  submitsPerSecond: number;
  enquireLinkMs?: number;
  /** How long to wait for any answer (submit_sm_resp, bind, enquire_link). */
  responseTimeoutMs?: number;
  /** First reconnect delay; doubles up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
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

/** The receipt a deliver_sm carries: in its text, or in the message_state TLV. */
function receiptOf(pdu: Pdu): Receipt | null {
  const body = (pdu.short_message ?? pdu.message_payload) as { message?: unknown } | undefined;
  const text = typeof body?.message === 'string' ? body.message : '';
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
  const responseTimeout = options.responseTimeoutMs ?? 10_000;
  const gap = 1000 / Math.max(options.submitsPerSecond, 0.001);
  let nextSlot = 0;
  const pending = new Map<Session, Set<(err: Error) => void>>();

  function onDeliver(s: Session, pdu: Pdu) {
    const receipt = receiptOf(pdu);
    if (!receipt) {
      s.send(pdu.response());
      return;
    }
    const handlers = [...listeners];
    Promise.all(handlers.map((l) => l(receipt)))
      .then(() => s.send(pdu.response({ command_status: handlers.length ? 0 : RETRY_LATER })))
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

    close: () => link.close(),
  };
}
