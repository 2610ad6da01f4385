import { smsShape, textProblemCode } from '@parley/shared';
import smpp from 'smpp';
import { SMPP_STATUS, type SmppStatus } from './smpp-status.js';

/** A long message sent as several submit_sm: what joins them, and this one's place. */
export interface Concat {
  ref: number;
  total: number;
  seq: number;
}

/** A submit_sm's text as Parley reads it, or the status that refuses it. */
export type ReadMessage =
  | { ok: true; text: string; dataCoding: number; concat: Concat | null }
  | { ok: false; status: SmppStatus; reason: string };

/** Most segments one message may take, however it arrives (UDH parts or message_payload). */
export const SMPP_MAX_SEGMENTS = 10;
/** The data codings Parley reads: GSM 7-bit (the SMSC default), IA5, Latin-1 and UCS-2. */
const CODINGS = new Set([0x00, 0x01, 0x03, 0x08]);

/**
 * data_coding 1 is IA5 (ASCII) in SMPP v3.4, but some clients (the `smpp` npm package
 * among them) send GSM 7-bit under it. The package has already read it as GSM: bytes
 * that are all printable ASCII are read again as ASCII (`@ $ _ [ ] { }` as Kannel means
 * them); anything else can only be GSM and stays as read.
 */
function ia5Text(asGsm: string): string {
  const bytes = smpp.gsmCoder.encode(asGsm, 0);
  const ascii = bytes.every((b) => b === 0x0a || b === 0x0d || (b >= 0x20 && b <= 0x7e));
  return ascii ? bytes.toString('latin1') : asGsm;
}
const UDHI = 0x40;

/** What the `smpp` package leaves in a message field once it has decoded it. */
interface DecodedBody {
  message?: unknown;
  udh?: Buffer[];
}

/** Concatenation from the UDH: 8-bit (IEI 0x00) or 16-bit (IEI 0x08) references. */
function concatFromUdh(udh: Buffer[] | undefined): Concat | null {
  for (const ie of udh ?? []) {
    if (ie[0] === 0x00 && ie[1] === 3 && ie.length >= 5)
      return { ref: ie[2] ?? 0, total: ie[3] ?? 0, seq: ie[4] ?? 0 };
    if (ie[0] === 0x08 && ie[1] === 4 && ie.length >= 6)
      return { ref: ((ie[2] ?? 0) << 8) | (ie[3] ?? 0), total: ie[4] ?? 0, seq: ie[5] ?? 0 };
  }
  return null;
}

/** Concatenation from the SAR TLVs (sar_msg_ref_num, sar_total_segments, sar_segment_seqnum). */
function concatFromSar(pdu: Record<string, unknown>): Concat | null {
  const { sar_msg_ref_num: ref, sar_total_segments: total, sar_segment_seqnum: seq } = pdu;
  if (typeof ref !== 'number' || typeof total !== 'number' || typeof seq !== 'number') return null;
  return { ref, total, seq };
}

const refuse = (status: SmppStatus, reason: string): ReadMessage => ({ ok: false, status, reason });

/**
 * The text of a submit_sm (short_message, or message_payload when short_message is
 * empty) in the codings Parley accepts, with its concatenation when it is one part of
 * a long message. The text obeys the rules of all text (no control character but LF
 * and CR) and a whole message fits in SMPP_MAX_SEGMENTS.
 */
export function readMessage(pdu: Record<string, unknown>): ReadMessage {
  const dataCoding = Number(pdu.data_coding ?? 0) & 0xff;
  if (!CODINGS.has(dataCoding))
    return refuse(SMPP_STATUS.ESME_RSUBMITFAIL, `data_coding ${dataCoding} is not accepted`);
  const short = (pdu.short_message ?? {}) as DecodedBody;
  const payload = (pdu.message_payload ?? {}) as DecodedBody;
  const hasShort = typeof short.message === 'string' && short.message.length > 0;
  const body = hasShort ? short : payload;
  if (typeof body.message !== 'string' || body.message.length === 0)
    return refuse(SMPP_STATUS.ESME_RINVMSGLEN, 'the message is empty');
  const udhi = (Number(pdu.esm_class ?? 0) & UDHI) !== 0;
  const concat = (udhi ? concatFromUdh(body.udh) : null) ?? concatFromSar(pdu);
  if (concat && (concat.total < 1 || concat.seq < 1 || concat.seq > concat.total))
    return refuse(SMPP_STATUS.ESME_RINVESMCLASS, 'the concatenation header is not valid');
  if (concat && concat.total > SMPP_MAX_SEGMENTS)
    return refuse(SMPP_STATUS.ESME_RINVMSGLEN, `more than ${SMPP_MAX_SEGMENTS} parts`);
  const text = dataCoding === 0x01 ? ia5Text(body.message) : body.message;
  const problem = textProblemCode(text);
  // A UCS-2 part may end or start inside a surrogate pair (Kannel cuts at 134 bytes):
  // the joined message is checked whole instead.
  if (problem === 'CONTROL_CHARACTERS' || (problem && !concat))
    return refuse(SMPP_STATUS.ESME_RSUBMITFAIL, 'control characters or broken Unicode');
  if (!concat && !text.trim()) return refuse(SMPP_STATUS.ESME_RINVMSGLEN, 'the message is empty');
  if (!concat && smsShape(text).segments > SMPP_MAX_SEGMENTS)
    return refuse(SMPP_STATUS.ESME_RINVMSGLEN, `longer than ${SMPP_MAX_SEGMENTS} segments`);
  // A single part of one: an ordinary message.
  return { ok: true, text, dataCoding, concat: concat && concat.total > 1 ? concat : null };
}

/** A whole message put together from its parts, checked as one message is. */
export function joinedProblem(text: string): string | null {
  if (!text.trim()) return 'the message is empty';
  if (textProblemCode(text)) return 'control characters or broken Unicode';
  if (smsShape(text).segments > SMPP_MAX_SEGMENTS)
    return `longer than ${SMPP_MAX_SEGMENTS} segments`;
  return null;
}

/**
 * A part's text as it is kept until the rest arrive: its UTF-16 code units, base64,
 * so half of a surrogate pair survives the database (which would turn it into U+FFFD).
 */
export const packPart = (text: string) => Buffer.from(text, 'utf16le').toString('base64');
export const unpackPart = (kept: string) => Buffer.from(kept, 'base64').toString('utf16le');
