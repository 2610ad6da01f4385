import smpp, { type Pdu, type Session } from 'smpp';

export interface LinkOptions {
  host: string;
  port: number;
  systemId: string;
  password: string;
  /** SMPP over TLS, verified against `ca` (or the system's CAs) unless told not to. */
  tls?: { ca: string | null; rejectUnauthorized: boolean } | null;
  enquireLinkMs?: number;
  /** How long bind, enquire_link and unbind may go unanswered before the link is dropped. */
  answerTimeoutMs?: number;
  backoffMs?: number;
  maxBackoffMs?: number;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void };
  /** Each new session, before it binds: where the caller attaches its handlers. */
  onSession(session: Session): void;
  /** The session closed; requests it had outstanding will get no answer. */
  onClosed(session: Session): void;
}

/**
 * One SMPP transceiver bind kept alive: binds, answers and sends enquire_link (a link
 * that stops answering is dropped), and reconnects with backoff after any close, error
 * or refused bind, until closed.
 */
export function createSmppLink(options: LinkOptions) {
  const { log } = options;
  const answerTimeout = options.answerTimeoutMs ?? 10_000;
  let session: Session | null = null;
  let bound = false;
  let closing = false;
  let backoff = options.backoffMs ?? 1000;
  let retryTimer: NodeJS.Timeout | null = null;
  let keepAlive: NodeJS.Timeout | null = null;
  let waiters: (() => void)[] = [];

  /** Sends a request and drops the link if it is not answered in time. */
  function ask(s: Session, send: (done: (pdu: Pdu) => void) => void, then: (pdu: Pdu) => void) {
    const timer = setTimeout(() => {
      log.warn({}, 'SMPP: no answer from the SMSC; dropping the link');
      s.destroy();
    }, answerTimeout);
    send((pdu) => {
      clearTimeout(timer);
      then(pdu);
    });
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

  function connect() {
    const tls = options.tls;
    const s = smpp.connect({
      host: options.host,
      port: options.port,
      ...(tls
        ? {
            tls: true,
            rejectUnauthorized: tls.rejectUnauthorized,
            ...(tls.ca ? { ca: tls.ca } : {}),
          }
        : {}),
    });
    session = s;
    options.onSession(s);
    // Over TLS, bind only once the handshake (and the certificate check) has passed.
    s.on(tls ? 'secureConnect' : 'connect', () =>
      ask(
        s,
        (done) =>
          s.bind_transceiver(
            { system_id: options.systemId, password: options.password, interface_version: 0x34 },
            done,
          ),
        (pdu) => {
          if (pdu.command_status !== smpp.ESME_ROK) {
            log.warn({ status: pdu.command_status }, 'SMPP: bind refused');
            s.destroy();
            return;
          }
          bound = true;
          backoff = options.backoffMs ?? 1000;
          log.info({ host: options.host, port: options.port }, 'SMPP: bound');
          keepAlive = setInterval(
            () =>
              ask(
                s,
                (done) => s.enquire_link({}, done),
                () => {},
              ),
            options.enquireLinkMs ?? 30_000,
          );
          for (const w of waiters) w();
          waiters = [];
        },
      ),
    );
    s.on('enquire_link', (pdu: Pdu) => s.send(pdu.response()));
    s.on('unbind', (pdu: Pdu) => {
      s.send(pdu.response());
      s.close();
    });
    // node-smpp stops reading after an error: the session is of no more use.
    s.on('error', (err: Error) => {
      log.warn({ err: err.message }, 'SMPP: connection error');
      s.destroy();
    });
    s.on('close', () => {
      if (keepAlive) clearInterval(keepAlive);
      keepAlive = null;
      if (session === s) {
        bound = false;
        session = null;
      }
      options.onClosed(s);
      scheduleReconnect();
    });
  }

  connect();

  return {
    /** The bound session, or null while connecting or refused. */
    get session(): Session | null {
      return bound ? session : null;
    },
    ready: () => (bound ? Promise.resolve() : new Promise<void>((r) => waiters.push(r))),
    /** Unbinds politely, but never waits more than the answer timeout. */
    async close() {
      closing = true;
      if (retryTimer) clearTimeout(retryTimer);
      const s = session;
      session = null;
      bound = false;
      if (!s) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(
          () => {
            s.destroy();
            resolve();
          },
          Math.min(answerTimeout, 2000),
        );
        s.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
        s.unbind({}, () => s.close());
      });
    },
  };
}
