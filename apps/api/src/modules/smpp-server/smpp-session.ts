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
  /** Unbinds (the ESME is asked; the link is cut if it does not answer). */
  end(): void;
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
/** Requests Parley answers itself; any other request gets generic_nack. */
const HANDLED = new Set([...Object.keys(BINDS), 'submit_sm', 'enquire_link', 'unbind']);

/**
 * One connection from a customer's gateway: bind with the account's credentials, then
 * submit_sm (transmitter, transceiver) within the window and the account's rate,
 * deliver_sm receipts (receiver, transceiver), enquire_link and unbind; generic_nack for
 * anything else. A connection that does not bind in time, falls silent, or sends a
 * PDU that cannot be read is closed.
 */
export function serveSession(session: Session, deps: SessionDeps) {
  const ip = (session.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  let state: 'open' | 'binding' | 'bound' | 'closed' = 'open';
  let local: LocalSession | null = null;
  let outstanding = 0;
  let counts = { second: 0, now: 0, last: 0 };
  const reply = (pdu: Pdu, options: Record<string, unknown> = {}) => {
    if (state !== 'closed') session.send(pdu.response(options));
  };
  const refuse = (pdu: Pdu, status: number) => reply(pdu, { command_status: status });

  let idle: NodeJS.Timeout;
  const touch = (ms: number) => {
    clearTimeout(idle);
    idle = setTimeout(() => session.destroy(), ms).unref();
  };
  touch(deps.bindTimeoutMs ?? 30_000);

  function count() {
    const second = Math.floor(Date.now() / 1000);
    if (second !== counts.second)
      counts = { second, now: 0, last: second === counts.second + 1 ? counts.now : 0 };
    counts.now += 1;
  }

  async function bind(pdu: Pdu, bindType: SmppBindType) {
    if (state !== 'open') return refuse(pdu, SMPP_STATUS.ESME_RALYBND);
    state = 'binding';
    const systemId = String(pdu.system_id ?? '');
    const result = await deps.authenticate({ systemId, password: String(pdu.password ?? ''), ip });
    if (state !== 'binding') return;
    if (!result.ok) {
      deps.log.warn(
        { systemId: systemId.slice(0, 16), reason: result.reason },
        'smpp: bind refused',
      );
      state = 'open';
      return refuse(pdu, SMPP_STATUS.ESME_RBINDFAIL);
    }
    const { account } = result;
    const id = await deps.open(account, ip, bindType);
    if (state !== 'binding') return;
    local = {
      id,
      account,
      bindType,
      submitted: 0,
      perSecond: () => {
        const second = Math.floor(Date.now() / 1000);
        return second === counts.second + 1
          ? counts.now
          : second === counts.second
            ? counts.last
            : 0;
      },
      deliver: (fields) => deliver(fields),
      end,
    };
    state = 'bound';
    reply(pdu, { system_id: 'Parley' });
    touch(deps.idleTimeoutMs ?? 120_000);
    deps.log.info({ systemId: account.systemId, bindType }, 'smpp: bound');
    deps.bound(local);
  }

  async function submit(pdu: Pdu) {
    if (state !== 'bound' || !local || local.bindType === 'receiver')
      return refuse(pdu, SMPP_STATUS.ESME_RINVBNDSTS);
    if (outstanding >= deps.window) return refuse(pdu, SMPP_STATUS.ESME_RMSGQFUL);
    if (!deps.take(local.account)) return refuse(pdu, SMPP_STATUS.ESME_RTHROTTLED);
    outstanding += 1;
    let answer: SubmitAnswer;
    try {
      answer = await deps.submit(local.account, pdu as unknown as Record<string, unknown>);
    } catch {
      answer = { status: SMPP_STATUS.ESME_RSYSERR };
    } finally {
      outstanding -= 1;
    }
    if (answer.status !== SMPP_STATUS.ESME_ROK) return refuse(pdu, answer.status);
    local.submitted += 1;
    count();
    reply(pdu, { message_id: answer.id });
  }

  function deliver(fields: Record<string, unknown>): Promise<number | null> {
    return new Promise((resolve) => {
      if (state !== 'bound') return resolve(null);
      const timer = setTimeout(() => resolve(null), deps.deliverTimeoutMs ?? 10_000).unref();
      const sent = session.deliver_sm(fields, (resp) => {
        clearTimeout(timer);
        resolve(resp.command_status);
      });
      if (!sent) {
        clearTimeout(timer);
        resolve(null);
      }
    });
  }

  function end() {
    if (state === 'closed') return;
    session.unbind({}, () => session.close());
    setTimeout(() => session.destroy(), 2000).unref();
  }

  session.on('pdu', (pdu: Pdu) => {
    if (state === 'bound') touch(deps.idleTimeoutMs ?? 120_000);
    if (pdu.isResponse()) return;
    const bindType = BINDS[pdu.command];
    if (bindType) return void bind(pdu, bindType).catch(() => session.destroy());
    if (pdu.command === 'submit_sm') return void submit(pdu);
    if (pdu.command === 'enquire_link') return reply(pdu);
    if (pdu.command === 'unbind') {
      reply(pdu);
      state = 'closed';
      return void setTimeout(() => session.close(), 50);
    }
    if (!HANDLED.has(pdu.command))
      session.send(
        new smpp.PDU('generic_nack', {
          sequence_number: pdu.sequence_number,
          command_status: SMPP_STATUS.ESME_RINVCMDID,
        }) as unknown as Pdu,
      );
  });
  // A PDU the library cannot read leaves the stream unreadable: close the link.
  session.on('error', () => session.destroy());
  session.on('close', () => {
    clearTimeout(idle);
    state = 'closed';
    if (local) deps.closed(local);
  });
}
