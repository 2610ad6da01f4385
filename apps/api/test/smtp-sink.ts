import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the sink received it: envelope, decoded subject and text. */
export interface SunkMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  raw: string;
}

/** RFC 2047 words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=), adjacent ones joined. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, kind: string, data) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuoted(data.replaceAll('_', ' ')),
    );
}

function decodeQuoted(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i] as string, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Headers (unfolded, by lower-case name) and body of a single-part message. */
function parse(raw: string): { subject: string; text: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.set(line.slice(0, at).toLowerCase(), line.slice(at + 1).trim());
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuoted(body)
        : body;
  return { subject: decodeWords(headers.get('subject') ?? ''), text: text.replace(/\r\n/g, '\n') };
}

/**
 * A real SMTP server (smtp-server) on 127.0.0.1 and a free port, keeping what it
 * accepts. `refuse(n, code)` answers the next n messages with that status instead.
 */
export async function startSmtpSink() {
  const received: SunkMail[] = [];
  let refusals: { left: number; code: number } = { left: 0, code: 451 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusals.left > 0) {
          refusals.left -= 1;
          const err = Object.assign(new Error('Try again later'), {
            responseCode: refusals.code,
          });
          return callback(err);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          ...parse(raw),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse(count: number, code = 451) {
      refusals = { left: count, code };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
