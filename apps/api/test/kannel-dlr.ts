// Kannel's delivery-report callbacks on 127.0.0.1 for the Kannel peer tests: smsbox calls
// the dlr-url of each message with Kannel's escape codes filled in; this keeps each call.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One callback, as Kannel filled in the dlr-url's escape codes. */
export interface KannelDlr {
  /** The test's own tag for the message, from the URL. */
  tag: string;
  /** %d: 1 delivered, 2 failed, 4 buffered, 8 accepted by the SMSC, 16 refused by it. */
  type: number;
  /** %F: the SMSC's message id (submit_sm_resp, or the receipt's id). */
  smscMessageId: string;
  /** %A: the SMSC's answer: "ACK/", "NACK/<status>/<text>", or the receipt's text. */
  answer: string;
  /** %i: the smsc-id of the link that carried it. */
  smscId: string;
  /** %P: the receiver of the DLR message, that is the sender of the original. */
  receiver: string;
  /** %p: the sender of the DLR message, that is the original's recipient. */
  sender: string;
}

export interface DlrReceiver {
  /** A dlr-url for a message; `tag` (letters, digits, - and _) comes back in every callback. */
  url(tag: string): string;
  received: KannelDlr[];
  /** The first callback for `tag` of one of `types`, within `ms` (else a throw). */
  waitFor(tag: string, types: number[], ms?: number): Promise<KannelDlr>;
  close(): Promise<void>;
}

/** Kannel escape codes asked for in every dlr-url, by query parameter. */
const CODES = { type: '%d', fid: '%F', answer: '%A', smsc: '%i', to: '%P', from: '%p' };

export async function startDlrReceiver(): Promise<DlrReceiver> {
  const received: KannelDlr[] = [];
  const server = http.createServer((req, res) => {
    const q = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams;
    received.push({
      tag: q.get('tag') ?? '',
      type: Number(q.get('type')),
      smscMessageId: q.get('fid') ?? '',
      answer: q.get('answer') ?? '',
      smscId: q.get('smsc') ?? '',
      receiver: q.get('to') ?? '',
      sender: q.get('from') ?? '',
    });
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url(tag) {
      // Kannel reads every % in the URL as an escape code, so a tag carries none.
      if (!/^[\w-]+$/.test(tag)) throw new Error(`a DLR tag is letters, digits, - and _: ${tag}`);
      const codes = Object.entries(CODES).map(([k, v]) => `${k}=${v}`);
      return `http://127.0.0.1:${port}/dlr?tag=${tag}&${codes.join('&')}`;
    },
    received,
    async waitFor(tag, types, ms = 10_000) {
      const end = Date.now() + ms;
      while (Date.now() < end) {
        const found = received.find((d) => d.tag === tag && types.includes(d.type));
        if (found) return found;
        await new Promise((r) => setTimeout(r, 20));
      }
      const seen = received.filter((d) => d.tag === tag).map((d) => d.type);
      throw new Error(
        `no DLR of type ${types.join('/')} for ${tag} (seen: ${seen.join(', ') || 'none'})`,
      );
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
