import type { AddressInfo } from 'node:net';
import smpp, { type Pdu, type Session } from 'smpp';

export interface Submitted {
  id: string;
  destination: string;
  source: string;
  dataCoding: number;
  udh: Buffer[] | undefined;
  message: string;
  /** validity_period as the smpp package decodes it (a Date), if one was sent. */
  validity: unknown;
}

/**
 * A real SMPP server on 127.0.0.1 for tests, built with the smpp package: checks the
 * bind, answers submit_sm with hex ids, and sends a delivery receipt quoting the id in
 * decimal (DELIVRD, or UNDELIV for numbers ending in 0000), stored until a client is
 * bound to take it. It refuses numbers starting
 * 999 as invalid, and can refuse binds and drop the connection on a chosen submit.
 */
export async function startSmppServer(opts: {
  systemId: string;
  password: string;
  /** PEM key and certificate: the server speaks SMPP over TLS. */
  tls?: { key: string; cert: string };
}) {
  const submitted: Submitted[] = [];
  const sessions = new Set<Session>();
  const bound = new Set<Session>();
  // Receipts wait here until a bound session takes them: store and forward, as SMSCs
  // do, so a receipt due while the client was away arrives after it binds again.
  const receipts: Record<string, unknown>[] = [];
  /** Receipts sent on a session and not answered yet: offered again if it closes. */
  const unanswered = new Map<Session, Set<Record<string, unknown>>>();
  const flush = () => {
    const target = [...bound][0];
    while (target && receipts.length) {
      const receipt = receipts.shift();
      if (!receipt) break;
      const waiting = unanswered.get(target) ?? new Set();
      unanswered.set(target, waiting);
      waiting.add(receipt);
      target.deliver_sm(receipt, (resp) => {
        waiting.delete(receipt);
        // Not acknowledged: keep it and offer it again a little later.
        if (resp.command_status !== 0) {
          receipts.push(receipt);
          setTimeout(flush, 100);
        }
      });
    }
  };
  let nextId = 0x1000;
  const state = {
    refuseBinds: false,
    /** Drop the connection instead of answering this many more submits from now. */
    dropOnSubmit: 0,
    /** Let this many more submits through, then drop on the next (-1: never). */
    dropAfter: -1,
    /** Answer nothing at all, as a half-open link would. */
    silent: false,
    receiptDelayMs: 20,
    /** Send a receipt for each submit; off, a test sends its own with deliver(). */
    autoReceipts: true,
    binds: 0,
  };
  const server = smpp.createServer(opts.tls ?? {}, (session) => {
    sessions.add(session);
    session.on('close', () => {
      sessions.delete(session);
      bound.delete(session);
      receipts.push(...(unanswered.get(session) ?? []));
      unanswered.delete(session);
    });
    session.on('error', () => {});
    session.on('bind_transceiver', (pdu: Pdu) => {
      const ok =
        !state.refuseBinds && pdu.system_id === opts.systemId && pdu.password === opts.password;
      session.send(pdu.response({ command_status: ok ? 0 : smpp.ESME_RBINDFAIL }));
      if (ok) {
        state.binds++;
        bound.add(session);
        flush();
      } else session.close();
    });
    session.on('enquire_link', (pdu: Pdu) => {
      if (!state.silent) session.send(pdu.response());
    });
    session.on('unbind', (pdu: Pdu) => {
      bound.delete(session);
      session.send(pdu.response());
      session.close();
    });
    session.on('submit_sm', (pdu: Pdu) => {
      if (state.silent) return;
      if (state.dropAfter === 0) {
        state.dropAfter = -1;
        session.destroy();
        return;
      }
      if (state.dropAfter > 0) state.dropAfter--;
      if (state.dropOnSubmit > 0) {
        state.dropOnSubmit--;
        session.destroy();
        return;
      }
      if (String(pdu.destination_addr).startsWith('999')) {
        session.send(pdu.response({ command_status: smpp.ESME_RINVDSTADR }));
        return;
      }
      const id = (nextId++).toString(16).toUpperCase();
      const body = pdu.short_message as { message: string; udh?: Buffer[] };
      const destination = String(pdu.destination_addr);
      submitted.push({
        id,
        destination,
        source: String(pdu.source_addr),
        dataCoding: Number(pdu.data_coding),
        udh: body.udh,
        message: body.message,
        validity: pdu.validity_period,
      });
      session.send(pdu.response({ message_id: id }));
      const stat = destination.endsWith('0000') ? 'UNDELIV' : 'DELIVRD';
      if (!state.autoReceipts) return;
      setTimeout(() => {
        receipts.push({
          source_addr: destination,
          destination_addr: String(pdu.source_addr),
          esm_class: 0x04,
          short_message: `id:${Number.parseInt(id, 16)} sub:001 dlvr:001 submit date:2611230000 done date:2611230000 stat:${stat} err:000 text:`,
        });
        flush();
      }, state.receiptDelayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    submitted,
    state,
    /**
     * Sends one deliver_sm of the test's making to the bound client; resolves with the
     * command_status of its deliver_sm_resp (within 5 s, else -1).
     */
    deliver(fields: Record<string, unknown>): Promise<number> {
      const target = [...bound][0];
      if (!target) return Promise.reject(new Error('no bound client'));
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(-1), 5000);
        target.deliver_sm(fields, (resp) => {
          clearTimeout(timer);
          resolve(resp.command_status);
        });
      });
    },
    /** Drops every open connection, as a crashing upstream would. */
    dropAll() {
      for (const s of sessions) s.destroy();
    },
    async close() {
      for (const s of sessions) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
