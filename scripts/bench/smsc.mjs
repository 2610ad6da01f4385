// An SMSC on 127.0.0.1 for the cluster run: takes binds with one account from any number
// of Parley instances, answers every submit_sm, counts each text it was handed (so a
// message sent twice shows), and sends a delivery receipt to the session that submitted
// the message while it is bound, else to any bound session, offering again what a
// session that closed never acknowledged, as SMSCs store and forward.
import smpp from 'smpp';

export async function startSmsc({ systemId, password, receiptDelayMs = 50 }) {
  /** How many times each text was submitted. */
  const submits = new Map();
  const bound = new Set();
  const waiting = [];
  const unanswered = new Map();
  const tries = new WeakMap();
  /** The session each receipt's message came from. */
  const origin = new WeakMap();
  let nextId = 0x1000;

  const flush = () => {
    while (waiting.length > 0 && bound.size > 0) {
      const receipt = waiting.shift();
      const from = origin.get(receipt);
      const targets = [...bound];
      const target =
        from && bound.has(from) ? from : targets[Math.floor(Math.random() * targets.length)];
      const open = unanswered.get(target) ?? new Set();
      unanswered.set(target, open);
      open.add(receipt);
      target.deliver_sm(receipt, (resp) => {
        open.delete(receipt);
        // Refused (a client that does not know the id yet): offered again, 20 times at most.
        tries.set(receipt, (tries.get(receipt) ?? 0) + 1);
        if (resp.command_status !== 0 && tries.get(receipt) < 20) {
          waiting.push(receipt);
          setTimeout(flush, 100);
        }
      });
    }
  };

  const server = smpp.createServer({}, (session) => {
    session.on('error', () => {});
    session.on('close', () => {
      bound.delete(session);
      waiting.push(...(unanswered.get(session) ?? []));
      unanswered.delete(session);
      flush();
    });
    session.on('bind_transceiver', (pdu) => {
      const ok = pdu.system_id === systemId && pdu.password === password;
      session.send(pdu.response({ command_status: ok ? 0 : smpp.ESME_RBINDFAIL }));
      if (!ok) return session.close();
      bound.add(session);
      flush();
    });
    session.on('enquire_link', (pdu) => session.send(pdu.response()));
    session.on('unbind', (pdu) => {
      bound.delete(session);
      session.send(pdu.response());
      session.close();
    });
    session.on('submit_sm', (pdu) => {
      const body = pdu.short_message;
      const text = typeof body === 'object' && body !== null ? String(body.message) : String(body);
      submits.set(text, (submits.get(text) ?? 0) + 1);
      const id = nextId++;
      session.send(pdu.response({ message_id: id.toString(16).toUpperCase() }));
      setTimeout(() => {
        const receipt = {
          source_addr: String(pdu.destination_addr),
          destination_addr: String(pdu.source_addr),
          esm_class: 0x04,
          short_message: `id:${id} sub:001 dlvr:001 submit date:2611230000 done date:2611230000 stat:DELIVRD err:000 text:`,
        };
        origin.set(receipt, session);
        waiting.push(receipt);
        flush();
      }, receiptDelayMs);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    submits,
    close: () =>
      new Promise((resolve) => {
        for (const session of bound) session.destroy();
        server.close(() => resolve());
      }),
  };
}
