// The smpp package ships no types; this is the part of its API Parley uses.
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer } from 'node:net';

  export interface Pdu {
    command: string;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
    response(options?: Record<string, unknown>): Pdu;
    isResponse(): boolean;
  }

  export interface Session extends EventEmitter {
    send(pdu: Pdu, onResponse?: (pdu: Pdu) => void, onSent?: () => void): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
    bind_transceiver(options: Record<string, unknown>, onResponse?: (pdu: Pdu) => void): boolean;
    submit_sm(options: Record<string, unknown>, onResponse?: (pdu: Pdu) => void): boolean;
    deliver_sm(options: Record<string, unknown>, onResponse?: (pdu: Pdu) => void): boolean;
    enquire_link(options?: Record<string, unknown>, onResponse?: (pdu: Pdu) => void): boolean;
    unbind(options?: Record<string, unknown>, onResponse?: (pdu: Pdu) => void): boolean;
    readonly closed?: boolean;
    /** The connection under the session (net.Socket or tls.TLSSocket). */
    readonly socket: import('node:net').Socket;
  }

  export interface Server extends NetServer {
    sessions?: Session[];
  }

  /** A PDU of Parley's own making (a generic_nack); the sequence number is the request's. */
  export class PDU {
    constructor(command: string, options?: Record<string, unknown>);
    command: string;
    sequence_number: number;
    isResponse(): boolean;
  }

  interface Smpp {
    /** With `tls`, the rest of the options go to tls.connect (ca, rejectUnauthorized…). */
    connect(
      options: {
        url?: string;
        host?: string;
        port?: number;
        auto_enquire_link_period?: number;
        tls?: boolean;
        ca?: string;
        rejectUnauthorized?: boolean;
        servername?: string;
      },
      listener?: () => void,
    ): Session;
    createServer(listener: (session: Session) => void): Server;
    /** With key and cert, an SMPP server over TLS. */
    createServer(
      options: { key?: string | Buffer; cert?: string | Buffer },
      listener: (session: Session) => void,
    ): Server;
    ESME_ROK: number;
    ESME_RBINDFAIL: number;
    ESME_RTHROTTLED: number;
    ESME_RMSGQFUL: number;
    ESME_RSYSERR: number;
    ESME_RINVDSTADR: number;
    PDU: typeof PDU;
    /** GSM 03.38 as the package codes it (one septet a byte); `shift` 0 is the default table. */
    gsmCoder: { encode(text: string, shift: number): Buffer };
  }
  // CommonJS: its constants are set in loops, so only the default import carries them.
  const smpp: Smpp;
  export default smpp;
}
