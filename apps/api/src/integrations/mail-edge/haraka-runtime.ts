import { createRequire } from 'node:module';
import type { SmtpReply } from '@parley/shared';

/**
 * The parts of Haraka a plugin answers with (its return codes and its DSN replies), read
 * from Haraka's own dependencies so they are the very modules the running Haraka uses.
 */
const requireHere = createRequire(import.meta.url);
const requireHaraka = createRequire(requireHere.resolve('haraka/package.json'));

export const codes = requireHaraka('haraka-constants') as {
  cont: number;
  ok: number;
  deny: number;
  denysoft: number;
  denydisconnect: number;
  denysoftdisconnect: number;
};

/**
 * Haraka's outbound queue, the running Haraka's own module (resolved through Haraka's
 * package, so the cache entry is shared), loaded on first use: only inside Haraka.
 */
export const outbound = {
  send_trans_email(txn: HarakaTransaction, cb: (code: number, msg: unknown) => void): void {
    (
      requireHaraka('./outbound') as {
        send_trans_email(t: HarakaTransaction, c: (code: number, msg: unknown) => void): void;
      }
    ).send_trans_email(txn, cb);
  },
};

type DsnConstructor = new (
  code: number,
  msg: string,
  def: number | undefined,
  subject: number,
  detail: number,
) => { code: number; reply: string };
const DSN = requireHaraka('haraka-dsn') as DsnConstructor;

/** Haraka's reply object for an SMTP reply: the client gets exactly this code and text. */
export function dsnOf(reply: SmtpReply) {
  const [, sub = '0', det = '0'] = reply.enhanced.split('.');
  return new DSN(reply.code, reply.message, undefined, Number(sub), Number(det));
}

/** DENY for a 5xx reply, DENYSOFT for a 4xx one: Haraka then answers the reply's code. */
export const refusalOf = (reply: SmtpReply): [number, ReturnType<typeof dsnOf>] => [
  reply.code >= 500 ? codes.deny : codes.denysoft,
  dsnOf(reply),
];

/** What Haraka passes a hook's `next`. */
export type Next = (code?: number, msg?: unknown) => void;

/** The parts of Haraka's objects the hooks read (its own types are not published). */
export interface HarakaAddress {
  user: string | null;
  host: string | null;
  /** A getter in @haraka/email-address 3, a method before. */
  address: string | (() => string);
  constructor: new (address: string) => HarakaAddress;
}
export interface HarakaTransaction {
  uuid: string;
  mail_from: HarakaAddress;
  rcpt_to: HarakaAddress[];
  notes: Record<string, unknown>;
  data_bytes: number;
  header: {
    get_decoded(name: string): string;
    get(name: string): string;
    get_all(name: string): string[];
  };
  message_stream: {
    get_data(options: { line_endings?: string }, cb: (data: Buffer) => void): void;
  };
  add_leading_header(key: string, value: string): void;
}
export interface HarakaConnection {
  uuid: string;
  remote: { ip: string };
  local: { port: number };
  tls: { enabled: boolean };
  relaying: boolean;
  notes: Record<string, unknown>;
  capabilities: string[];
  transaction: HarakaTransaction | null;
  loginfo(plugin: unknown, msg: string): void;
  logwarn(plugin: unknown, msg: string): void;
  logerror(plugin: unknown, msg: string): void;
}
export interface HarakaHmail {
  todo: {
    rcpt_to: (HarakaAddress & { reason?: string; dsn_smtp_response?: string })[];
    notes: Record<string, unknown>;
  };
  loginfo(msg: string): void;
  logwarn(msg: string): void;
}

/** The address in Haraka's Address, lower case ('' for the null sender). */
export function addressText(a: HarakaAddress | null | undefined): string {
  if (!a?.user) return '';
  return (typeof a.address === 'function' ? a.address() : a.address).toLowerCase();
}

/** The whole message as it will leave (CRLF line endings, dots unstuffed). */
export const messageOf = (txn: HarakaTransaction) =>
  new Promise<Buffer>((resolve) => txn.message_stream.get_data({ line_endings: '\r\n' }, resolve));
