import smpp, { type Pdu, type Session } from 'smpp';

/** A deliver_sm the client heard, as the smpp package decoded it. */
export interface Heard {
  esmClass: number;
  source: string;
  destination: string;
  text: string;
  receiptedId: string | undefined;
  messageState: number | undefined;
}

/**
 * A customer's gateway in tests: the `smpp` package as an ESME on 127.0.0.1, with
 * promises for binds and submits, and every deliver_sm it hears (acknowledged with
 * `ackStatus`, 0 unless a test refuses them).
 */
export async function connectEsme(port: number, opts: { tls?: { ca: string } } = {}) {
  const session: Session = await new Promise((resolve, reject) => {
    const s = smpp.connect(
      opts.tls
        ? { host: '127.0.0.1', port, tls: true, ca: opts.tls.ca, servername: 'localhost' }
        : { host: '127.0.0.1', port },
      () => resolve(s),
    );
    s.once('error', reject);
  });
  session.on('error', () => {});
  const heard: Heard[] = [];
  const state = { ackStatus: 0, closed: false };
  session.on('close', () => {
    state.closed = true;
  });
  // Asked to unbind, a gateway answers and hangs up, as the protocol has it.
  session.on('unbind', (pdu: Pdu) => {
    session.send(pdu.response());
    session.close();
  });
  session.on('deliver_sm', (pdu: Pdu) => {
    const sm = pdu.short_message as { message?: unknown } | undefined;
    heard.push({
      esmClass: Number(pdu.esm_class),
      source: String(pdu.source_addr),
      destination: String(pdu.destination_addr),
      text: typeof sm?.message === 'string' ? sm.message : '',
      receiptedId: pdu.receipted_message_id as string | undefined,
      messageState: pdu.message_state as number | undefined,
    });
    session.send(pdu.response({ command_status: state.ackStatus }));
  });

  const ask = (command: string, options: Record<string, unknown>): Promise<Pdu> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${command}: no answer`)), 5000);
      const sent = (
        session as unknown as Record<
          string,
          (o: Record<string, unknown>, cb: (pdu: Pdu) => void) => boolean
        >
      )[command]?.(options, (pdu) => {
        clearTimeout(timer);
        resolve(pdu);
      });
      if (!sent) {
        clearTimeout(timer);
        reject(new Error(`${command}: the link is closed`));
      }
    });

  return {
    session,
    heard,
    state,
    /** Resolves with the bind's command_status. */
    async bind(
      systemId: string,
      password: string,
      as: 'transceiver' | 'transmitter' | 'receiver' = 'transceiver',
    ) {
      const resp = await ask(`bind_${as}`, { system_id: systemId, password });
      return resp.command_status;
    },
    /** Resolves with the submit_sm_resp's status and message id. */
    async submit(options: Record<string, unknown>) {
      const resp = await ask('submit_sm', options);
      return { status: resp.command_status, id: String(resp.message_id ?? '') };
    },
    ask,
    /** Waits until a deliver_sm matching `match` arrives. */
    async hear(match: (h: Heard) => boolean, ms = 8000): Promise<Heard> {
      const end = Date.now() + ms;
      for (;;) {
        const found = heard.find(match);
        if (found) return found;
        if (Date.now() > end) throw new Error('no such deliver_sm arrived');
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (state.closed) return resolve();
        session.close(() => resolve());
        setTimeout(() => {
          session.destroy();
          resolve();
        }, 1000).unref();
      }),
  };
}
export type Esme = Awaited<ReturnType<typeof connectEsme>>;
