import { smsParts } from '@parley/shared';
import smpp, { type Pdu, type Session } from 'smpp';
import {
  GatewayRejectedError,
  GatewayUnavailableError,
  type OutgoingSms,
  type Receipt,
  type SmsGateway,
} from './port.js';
import { parseReceipt } from './receipt.js';

export interface SmppOptions {
  host: string;
  port: number;
  systemId: string;
  password: string;
  /** Most submit_sm per second. */
  submitsPerSecond: number;
  enquireLinkMs?: number;
  /** How long to wait for a submit_sm_resp. */
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

/**
 * An SMPP v3.4 client bound as a transceiver: submit_sm with registered delivery
 * (concatenated with a UDH when a message needs several parts; data_coding 8 for
 * UCS-2), deliver_sm receipts, enquire_link keep-alive, a submit rate, and reconnects
 * with backoff. Nothing is queued here: while unbound, submit fails fast as
 * unavailable and the outbox retries.
 */
export function createSmppGateway(options: SmppOptions): SmsGateway & {
  /** Resolves once bound (tests and start-up logs). */
  ready(): Promise<void>;
  readonly bound: boolean;
} {
  const { log } = options;
  const listeners = new Set<(receipt: Receipt) => Promise<void>>();
  const responseTimeout = options.responseTimeoutMs ?? 10_000;
  const gap = 1000 / Math.max(options.submitsPerSecond, 0.001);
  let session: Session | null = null;
  let bound = false;
  let closing = false;
  let backoff = options.backoffMs ?? 1000;
  let retryTimer: NodeJS.Timeout | null = null;
  let nextSlot = 0;
  let waiters: (() => void)[] = [];
  const pending = new Set<(err: Error) => void>();

  function dropPending(reason: string) {
    for (const reject of pending) reject(new GatewayUnavailableError(reason));
    pending.clear();
  }

  function scheduleReconnect() {
    if (closing || retryTimer) return;
    const wait = backoff;
    backoff = Math.min(backoff * 2, options.maxBackoffMs ?? 30_000);
    log.warn({ waitMs: wait }, 'SMPP: reconnecting');
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect();
    }, wait);
  }

  /** Acknowledges a receipt only once it is recorded; else the SMSC keeps it for later. */
  function onDeliver(s: Session, pdu: Pdu) {
    const body = pdu.short_message as { message?: unknown } | undefined;
    const text = typeof body?.message === 'string' ? body.message : '';
    const tlv = pdu.receipted_message_id;
    const receipt = parseReceipt(text, typeof tlv === 'string' ? tlv : null);
    if (!receipt) {
      s.send(pdu.response());
      return;
    }
    const handlers = [...listeners];
    Promise.all(handlers.map((l) => l(receipt)))
      .then(() => s.send(pdu.response({ command_status: handlers.length ? 0 : RETRY_LATER })))
      .catch(() => s.send(pdu.response({ command_status: RETRY_LATER })));
  }

  function connect() {
    const s = smpp.connect({
      host: options.host,
      port: options.port,
      auto_enquire_link_period: options.enquireLinkMs ?? 30_000,
    });
    session = s;
    s.on('connect', () =>
      s.bind_transceiver(
        { system_id: options.systemId, password: options.password, interface_version: 0x34 },
        (pdu) => {
          if (pdu.command_status !== smpp.ESME_ROK) {
            log.warn({ status: pdu.command_status }, 'SMPP: bind refused');
            s.close();
            return;
          }
          bound = true;
          backoff = options.backoffMs ?? 1000;
          log.info({ host: options.host, port: options.port }, 'SMPP: bound');
          for (const w of waiters) w();
          waiters = [];
        },
      ),
    );
    s.on('deliver_sm', (pdu: Pdu) => onDeliver(s, pdu));
    s.on('enquire_link', (pdu: Pdu) => s.send(pdu.response()));
    s.on('unbind', (pdu: Pdu) => {
      s.send(pdu.response());
      s.close();
    });
    s.on('error', (err: Error) => log.warn({ err: err.message }, 'SMPP: connection error'));
    s.on('close', () => {
      if (session === s) {
        bound = false;
        session = null;
      }
      dropPending('The SMPP connection closed before the upstream answered.');
      scheduleReconnect();
    });
  }

  /** Waits for the next submit slot, so the upstream sees at most the configured rate. */
  async function slot() {
    const now = Date.now();
    const at = Math.max(now, nextSlot);
    nextSlot = at + gap;
    if (at > now) await new Promise((r) => setTimeout(r, at - now));
  }

  function submitPart(s: Session, fields: Record<string, unknown>): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(fail);
        reject(new GatewayUnavailableError('The SMPP upstream did not answer in time.'));
      }, responseTimeout);
      const fail = (err: Error) => {
        clearTimeout(timer);
        reject(err);
      };
      pending.add(fail);
      s.submit_sm(fields, (pdu) => {
        clearTimeout(timer);
        pending.delete(fail);
        const status = pdu.command_status;
        if (status === smpp.ESME_ROK) resolve(String(pdu.message_id ?? '').toLowerCase());
        else if (TRANSIENT.has(status))
          reject(new GatewayUnavailableError(`SMPP upstream busy (status ${status}).`));
        else
          reject(new GatewayRejectedError(`SMPP upstream refused the message (status ${status}).`));
      });
    });
  }

  connect();

  return {
    mode: 'smpp',
    get bound() {
      return bound;
    },
    ready: () => (bound ? Promise.resolve() : new Promise<void>((r) => waiters.push(r))),

    async submit(sms: OutgoingSms): Promise<string[]> {
      const { encoding, parts } = smsParts(sms.message);
      const accepted = [...(sms.acceptedParts ?? [])];
      const alpha = /[^\d+]/.test(sms.senderId);
      for (let i = accepted.length; i < parts.length; i++) {
        await slot();
        const s = session;
        if (!s || !bound)
          throw new GatewayUnavailableError('Not bound to the SMPP upstream.', accepted);
        const message = parts[i] ?? '';
        try {
          accepted.push(
            await submitPart(s, {
              source_addr_ton: alpha ? 5 : 1,
              source_addr_npi: alpha ? 0 : 1,
              source_addr: sms.senderId.replace(/^\+/, ''),
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
          if (err instanceof GatewayRejectedError)
            throw new GatewayRejectedError(err.message, accepted);
          throw new GatewayUnavailableError((err as Error).message, accepted);
        }
      }
      return accepted;
    },

    onReceipt(listener: (receipt: Receipt) => Promise<void>) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async close() {
      closing = true;
      if (retryTimer) clearTimeout(retryTimer);
      const s = session;
      session = null;
      bound = false;
      dropPending('Parley is shutting down.');
      if (!s) return;
      await new Promise<void>((resolve) => {
        const done = setTimeout(() => s.destroy(() => resolve()), 1000);
        s.unbind({}, () => {
          clearTimeout(done);
          s.close(() => resolve());
        });
      });
    },
  };
}
