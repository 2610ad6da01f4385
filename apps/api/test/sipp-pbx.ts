// A customer's PBX (or the carrier) calling through the edge, as sipp plays it: with or
// without digest credentials, its own identity header and the codecs it offers.
import { ack, bye, line } from './sipp-calls.js';
import { waitForBye } from './sipp-trunk.js';

const NAMES: Record<number, string> = { 0: 'PCMU/8000', 8: 'PCMA/8000', 9: 'G722/8000' };

const sdp = (payloads: number[]) => `v=0
      o=pbx 53655765 2353687637 IN IP[local_ip_type] [local_ip]
      s=-
      c=IN IP[media_ip_type] [media_ip]
      t=0 0
      m=audio [media_port] RTP/AVP ${payloads.join(' ')}${payloads.map((p) => `\n      a=rtpmap:${p} ${NAMES[p]}`).join('')}`;

/** Fields: from user; number dialled; domain; [authentication …] when it has credentials. */
const invite = (cseq: number, o: PbxCall, auth: boolean) => `
  <send retrans="500"><![CDATA[
      INVITE sip:[field1]@[field2] SIP/2.0
      Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]
      From: ${o.fromName ? `"${o.fromName}" ` : ''}<sip:[field0]@[field2]>;tag=[call_number]
      To: <sip:[field1]@[field2]>
      Call-ID: [call_id]
      CSeq: ${cseq} INVITE
      Contact: <sip:[field0]@[local_ip]:[local_port]>${line(o.assertedId ? `P-Asserted-Identity: <sip:${o.assertedId}@[field2]>` : '')}${line(auth ? '[field3]' : '')}
      Max-Forwards: 70
      Content-Type: application/sdp
      Content-Length: [len]

      ${sdp(o.payloads ?? [8])}
  ]]></send>
  <recv response="100" optional="true"/>`;

export interface PbxCall {
  /** Answer the edge's 407 with the credentials of [field3]. */
  credentials?: boolean;
  /** The caller ID it asserts (P-Asserted-Identity); else its From user speaks for it. */
  assertedId?: string;
  /** A display name in its From (a PBX may put anything there). */
  fromName?: string;
  /** The RTP payload types it offers, in its order (0 PCMU, 8 PCMA, 9 G722). */
  payloads?: number[];
  /** Answered and hung up after `talkMs`; answered and ended by the far side
   * (`waitBye`); refused with `refused` (and `phrase`); only challenged (`challenged`:
   * 407, no credentials to give); or either answered or refused with 486 (`orBusy`). */
  end:
    | { talkMs: number; orBusy?: boolean }
    | { waitBye: true }
    | { refused: number; phrase?: string }
    | { challenged: true };
}

/** The sipp scenario of one PBX call. */
export function pbxCall(o: PbxCall): string {
  let steps = invite(1, o, false);
  let cseq = 1;
  if ('challenged' in o.end)
    return wrap(`${steps}
  <recv response="407"/>${ack(1, false)}`);
  if (o.credentials) {
    steps += `
  <recv response="407" auth="true"/>${ack(1, false)}${invite(2, o, true)}`;
    cseq = 2;
  }
  if ('refused' in o.end) {
    const { refused, phrase } = o.end;
    const check = phrase
      ? `<action><ereg regexp="^SIP/2.0 ${refused} ${phrase}[[:cntrl:]]" search_in="msg" check_it="true" assign_to="phrase"/></action>`
      : '';
    return wrap(`${steps}
  <recv response="${refused}">${check}</recv>${phrase ? '\n  <nop hide="true"><action><log message="[$phrase]"/></action></nop>' : ''}${ack(cseq, false)}`);
  }
  const busy = 'talkMs' in o.end && o.end.orBusy;
  steps += `
  <recv response="180" optional="true"/>${busy ? '\n  <recv response="486" optional="true" next="busy"/>' : ''}
  <recv response="200" rrs="true"/>${ack(cseq, true)}`;
  if ('waitBye' in o.end) return wrap(steps + waitForBye);
  steps += `
  <pause milliseconds="${o.end.talkMs}"/>${bye(cseq + 1)}`;
  if (busy)
    steps += `
  <nop hide="true" next="done"/>
  <label id="busy"/>${ack(cseq, false)}
  <label id="done"/>`;
  return wrap(steps);
}

const wrap = (steps: string) =>
  `<?xml version="1.0" encoding="ISO-8859-1" ?>\n<scenario name="pbx call">${steps}\n</scenario>\n`;
