import type { SmppBindType } from '@parley/shared';
import smpp, { type Pdu, type Session } from 'smpp';
import { SMPP_STATUS } from './smpp-status.js';
import type { BoundAccount, SubmitAnswer } from './smpp-submit.js';

/** An account as a bind finds it. */
export interface BindAccount extends BoundAccount {
  maxPerSecond: number;
}

export type BindResult = { ok: true; account: BindAccount } | { ok: false; reason: string };

/** A bound session as the listener keeps it. */
export interface LocalSession {
  id: string;
  account: BindAccount;
  bindType: SmppBindType;
  submitted: number;
  /** submit_sm accepted in the last whole second. */
  perSecond(): number;
  /** Sends a deliver_sm; resolves with the ESME's status, or null when it did not answer. */
  deliver(fields: Record<string, unknown>): Promise<number | null>;
  /**
   * Unbinds once the submits under way are answered (the ESME is asked; the link is
   * cut if it does not answer); resolves when the connection is closed.
   */
  end(): Promise<void>;
}

export interface SessionDeps {
  authenticate(input: { systemId: string; password: string; ip: string }): Promise<BindResult>;
  open(account: BindAccount, ip: string, bindType: SmppBindType): Promise<string>;
  submit(account: BoundAccount, pdu: Record<string, unknown>): Promise<SubmitAnswer>;
  /** Whether the account may take one more submit_sm this second. */
  take(account: BindAccount): boolean;
  window: number;
  bound(session: LocalSession): void;
  closed(session: LocalSession): void;
  /** A session row opened for a connection that closed before the bind finished. */
  abandoned(id: string): void;
  /** False once the listener is stopping: binds are refused. */
  accepting(): boolean;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** A connection must bind this soon, and say something this often. */
  bindTimeoutMs?: number;
  idleTimeoutMs?: number;
  deliverTimeoutMs?: number;
}

const BINDS: Record<string, SmppBindType> = {
  bind_transmitter: 'transmitter',
  bind_receiver: 'receiver',
  bind_transceiver: 'transceiver',
};
/** Replies waiting in the socket beyond this: the peer is not reading; cut it. */
const MAX_UNREAD_BYTES = 1024 * 1024;
/** Requests an unbound connection may make before it is cut. */
const MAX_UNBOUND_REQUESTS = 20;
/** How long submits under way may take to be answered before an unbind goes ahead. */
const DRAIN_MS = 10_000;
/** Requests Parley answers itself; any other request gets generic_nack. */
const HANDLED = new Set([...Object.keys(BINDS), 'submit_sm', 'enquire_link', 'unbind']);

/**
 * One connection from a customer's gateway: bind with the account's credentials, then
 * submit_sm (transmitter, transceiver) within the window and the account's rate,
 * deliver_sm receipts (receiver, transceiver), enquire_link and unbind; generic_nack for
 * anything else. A connection that does not bind in time, falls silent, stops reading
 * its replies, or sends a PDU that cannot be read is closed. An unbind, either way,
 * waits until the submits under way are answered: their messages are queued and
 * charged, so their answers must reach the gateway.
 */
class Connection {
  private state: 'open' | 'binding' | 'bound' | 'unbinding' | 'closed' = 'open';
  private local: LocalSession | null = null;
  private outstanding = 0;
  private unboundRequests = 0;
  private counts = { second: 0, now: 0, last: 0 };
  private idle: NodeJS.Timeout | undefined;
  private readonly ip: string;
  private readonly closed: Promise<void>;

  constructor(
    private readonly session: Session,
    private readonly deps: SessionDeps,
  ) {
    this.ip = (session.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
    this.closed = new Promise((resolve) => session.once('close', () => resolve()));
    this.touch(deps.bindTimeoutMs ?? 30_000);
    session.on('pdu', (pdu: Pdu) => this.onPdu(pdu));
    // A PDU the library cannot read leaves the stream unreadable: close the link.
    session.on('error', () => session.destroy());
    session.on('close', () => {
      clearTimeout(this.idle);
      this.state = 'closed';
      if (this.local) deps.closed(this.local);
    });
  }

  /** Sends a PDU unless the link is gone; a peer that stops reading is cut. */
  private write(pdu: Pdu) {
    if (this.state === 'closed') return;
    this.session.send(pdu);
    if (this.session.socket.writableLength > MAX_UNREAD_BYTES) this.session.destroy();
  }

  private reply(pdu: Pdu, options: Record<string, unknown> = {}) {
    this.write(pdu.response(options));
  }

  private refuse(pdu: Pdu, status: number) {
    this.reply(pdu, { command_status: status });
  }

  private touch(ms: number) {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => this.session.destroy(), ms).unref();
  }

  private onPdu(pdu: Pdu) {
    if (this.state === 'bound') this.touch(this.deps.idleTimeoutMs ?? 120_000);
    if (pdu.isResponse()) return;
    if (this.state === 'open' && ++this.unboundRequests > MAX_UNBOUND_REQUESTS)
      return this.session.destroy();
    const bindType = BINDS[pdu.command];
    const failed = (err: unknown) => {
      this.deps.log.warn({ err, command: pdu.command }, 'smpp: request failed');
      this.session.destroy();
    };
    if (bindType) return void this.bind(pdu, bindType).catch(failed);
    if (pdu.command === 'submit_sm') return void this.submit(pdu).catch(failed);
    if (pdu.command === 'enquire_link') return this.reply(pdu);
    if (pdu.command === 'unbind') return void this.unbind(pdu).catch(failed);
    if (!HANDLED.has(pdu.command))
      this.write(
        new smpp.PDU('generic_nack', {
          sequence_number: pdu.sequence_number,
          command_status: SMPP_STATUS.ESME_RINVCMDID,
        }) as unknown as Pdu,
      );
  }

  private async bind(pdu: Pdu, bindType: SmppBindType) {
    if (this.state !== 'open') return this.refuse(pdu, SMPP_STATUS.ESME_RALYBND);
    if (!this.deps.accepting()) return this.refuse(pdu, SMPP_STATUS.ESME_RBINDFAIL);
    this.state = 'binding';
    const systemId = String(pdu.system_id ?? '');
    const password = String(pdu.password ?? '');
    const result = await this.deps.authenticate({ systemId, password, ip: this.ip });
    if (this.state !== 'binding') return;
    if (!result.ok) {
      const reason = result.reason;
      this.deps.log.warn({ systemId: systemId.slice(0, 16), reason }, 'smpp: bind refused');
      this.state = 'open';
      return this.refuse(pdu, SMPP_STATUS.ESME_RBINDFAIL);
    }
    const { account } = result;
    const id = await this.deps.open(account, this.ip, bindType);
    if (this.state !== 'binding') return this.deps.abandoned(id);
    this.local = {
      id,
      account,
      bindType,
      submitted: 0,
      perSecond: () => this.perSecond(),
      deliver: (fields) => this.deliver(fields),
      end: () => this.end(),
    };
    this.state = 'bound';
    this.reply(pdu, { system_id: 'Parley' });
    this.touch(this.deps.idleTimeoutMs ?? 120_000);
    this.deps.log.info({ systemId: account.systemId, bindType }, 'smpp: bound');
    this.deps.bound(this.local);
  }

  private async submit(pdu: Pdu) {
    const local = this.local;
    if (this.state !== 'bound' || !local || local.bindType === 'receiver')
      return this.refuse(pdu, SMPP_STATUS.ESME_RINVBNDSTS);
    if (this.outstanding >= this.deps.window) return this.refuse(pdu, SMPP_STATUS.ESME_RMSGQFUL);
    if (!this.deps.take(local.account)) return this.refuse(pdu, SMPP_STATUS.ESME_RTHROTTLED);
    this.outstanding += 1;
    let answer: SubmitAnswer;
    try {
      answer = await this.deps.submit(local.account, pdu as unknown as Record<string, unknown>);
    } catch {
      answer = { status: SMPP_STATUS.ESME_RSYSERR };
    } finally {
      this.outstanding -= 1;
    }
    if (answer.status !== SMPP_STATUS.ESME_ROK) return this.refuse(pdu, answer.status);
    local.submitted += 1;
    this.count();
    this.reply(pdu, { message_id: answer.id });
  }

  private count() {
    const second = Math.floor(Date.now() / 1000);
    const c = this.counts;
    if (second !== c.second)
      this.counts = { second, now: 0, last: second === c.second + 1 ? c.now : 0 };
    this.counts.now += 1;
  }

  private perSecond() {
    const second = Math.floor(Date.now() / 1000);
    if (second === this.counts.second + 1) return this.counts.now;
    return second === this.counts.second ? this.counts.last : 0;
  }

  private deliver(fields: Record<string, unknown>): Promise<number | null> {
    return new Promise((resolve) => {
      if (this.state !== 'bound') return resolve(null);
      const timer = setTimeout(() => resolve(null), this.deps.deliverTimeoutMs ?? 10_000).unref();
      const sent = this.session.deliver_sm(fields, (resp) => {
        clearTimeout(timer);
        resolve(resp.command_status);
      });
      if (!sent) {
        clearTimeout(timer);
        resolve(null);
      }
    });
  }

  /** Resolves once every submit under way is answered, or after DRAIN_MS. */
  private async drained() {
    const end = Date.now() + DRAIN_MS;
    while (this.outstanding > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  }

  /** Parley unbinds (an admin, a removed account, a stop); resolves once closed. */
  async end() {
    if (this.state === 'bound') {
      this.state = 'unbinding';
      await this.drained();
      if (this.state === 'unbinding') this.session.unbind({}, () => this.session.close());
      setTimeout(() => this.session.destroy(), 2000).unref();
    } else if (this.state !== 'closed') this.session.destroy();
    await this.closed;
  }

  /** The gateway unbinds: its submits under way are answered first, then unbind_resp. */
  private async unbind(pdu: Pdu) {
    if (this.state === 'bound') this.state = 'unbinding';
    await this.drained();
    this.reply(pdu);
    this.state = 'closed';
    setTimeout(() => this.session.close(), 50).unref();
  }
}

/** Serves one connection; `end` unbinds it (or cuts it when it is not bound). */
export function serveSession(session: Session, deps: SessionDeps): { end(): Promise<void> } {
  return new Connection(session, deps);
}
