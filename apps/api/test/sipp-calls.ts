// The calling side's sipp scenarios: a softphone (with authentication) and a carrier.
import { waitForBye } from './sipp-trunk.js';

// G.711 A-law: the audio sipp ships (g711a.pcap) is in it.
const SDP = `v=0
      o=user1 53655765 2353687637 IN IP[local_ip_type] [local_ip]
      s=-
      c=IN IP[media_ip_type] [media_ip]
      t=0 0
      m=audio [media_port] RTP/AVP 8
      a=rtpmap:8 PCMA/8000`;
const PLAY_AUDIO = `
  <nop><action><exec play_pcap_audio="/usr/share/sip-tester/g711a.pcap"/></action></nop>`;

/** A header line, or nothing: an empty line would end sipp's headers early. */
export const line = (header: string) => (header ? `\n      ${header}` : '');

const invite = (cseq: number, auth: string, callerId?: string) => `
  <send retrans="500"><![CDATA[
      INVITE sip:[field1]@[field2] SIP/2.0
      Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]
      From: <sip:[field0]@[field2]>;tag=[call_number]
      To: <sip:[field1]@[field2]>
      Call-ID: [call_id]
      CSeq: ${cseq} INVITE
      Contact: <sip:[field0]@[local_ip]:[local_port]>${line(callerId ? `P-Preferred-Identity: <sip:${callerId}@[field2]>` : '')}${line(auth)}
      Max-Forwards: 70
      Content-Type: application/sdp
      Content-Length: [len]

      ${SDP}
  ]]></send>`;

export const ack = (cseq: number, inDialog: boolean) => `
  <send><![CDATA[
      ACK ${inDialog ? '[next_url]' : 'sip:[field1]@[field2]'} SIP/2.0
      Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]
      From: <sip:[field0]@[field2]>;tag=[call_number]
      To: <sip:[field1]@[field2]>[peer_tag_param]
      Call-ID: [call_id]
      CSeq: ${cseq} ACK${line(inDialog ? '[routes]' : '')}
      Max-Forwards: 70
      Content-Length: 0
  ]]></send>`;

/** The caller hangs up: BYE along the route set, and its 200. */
export const bye = (cseq: number) => `
  <send retrans="500"><![CDATA[
      BYE [next_url] SIP/2.0
      Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]
      From: <sip:[field0]@[field2]>;tag=[call_number]
      To: <sip:[field1]@[field2]>[peer_tag_param]
      Call-ID: [call_id]
      CSeq: ${cseq} BYE
      [routes]
      Max-Forwards: 70
      Content-Length: 0
  ]]></send>
  <recv response="200"/>`;

/** The final answer `status`; with `phrase`, its reason phrase must be that (a failed check fails the run). */
const refusal = (status: number, phrase?: string) =>
  phrase
    ? `<recv response="${status}"><action><ereg regexp="^SIP/2.0 ${status} ${phrase}[[:cntrl:]]" search_in="msg" check_it="true" assign_to="phrase"/></action></recv>
  <nop hide="true"><action><log message="[$phrase]"/></action></nop>`
    : `<recv response="${status}"/>`;

/**
 * A softphone's call (fields: username; destination; domain; [authentication …]):
 * answered (then it plays sipp's G.711 sample as its voice) and hung up after `talkMs`,
 * answered and ended by the far side (`waitBye`),
 * refused with `refused` as the final answer (and `phrase` as its reason phrase), or cancelled once it rings. `callerId`
 * asks for that caller ID (P-Preferred-Identity).
 */
export function softphoneCall(
  end:
    | { talkMs: number }
    | { waitBye: true }
    | { refused: number; phrase?: string }
    | { cancel: true },
  callerId?: string,
): string {
  const first = `${invite(1, '', callerId)}
  <recv response="100" optional="true"/>
  <recv response="407" auth="true"/>
  ${ack(1, false)}
  ${invite(2, '[field3]', callerId)}
  <recv response="100" optional="true"/>`;
  let rest: string;
  if ('refused' in end) rest = `${refusal(end.refused, end.phrase)}${ack(2, false)}`;
  else if ('cancel' in end)
    // CANCEL repeats the INVITE's branch: three scenario messages back.
    rest = `<recv response="180"/>
  <send><![CDATA[
      CANCEL sip:[field1]@[field2] SIP/2.0
      Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch-3]
      From: <sip:[field0]@[field2]>;tag=[call_number]
      To: <sip:[field1]@[field2]>
      Call-ID: [call_id]
      CSeq: 2 CANCEL
      Max-Forwards: 70
      Content-Length: 0
  ]]></send>
  <recv response="200"/>
  <recv response="487"/>${ack(2, false)}`;
  else {
    rest = `<recv response="180" optional="true"/>
  <recv response="200" rrs="true"/>
  ${ack(2, true)}${PLAY_AUDIO}`;
    rest +=
      'waitBye' in end
        ? waitForBye
        : `
  <pause milliseconds="${end.talkMs}"/>
  ${bye(3)}`;
  }
  return `<?xml version="1.0" encoding="ISO-8859-1" ?>\n<scenario name="softphone call">${first}\n  ${rest}\n</scenario>\n`;
}

/**
 * A carrier's call to a number (fields: ;number;domain): answered then hung up after
 * `talkMs`, or refused with `refused`. Carriers do not authenticate: their address does.
 */
export function carrierCall(end: { talkMs: number } | { refused: number }): string {
  const rest =
    'refused' in end
      ? `<recv response="${end.refused}"/>${ack(1, false)}`
      : `<recv response="180" optional="true"/>
  <recv response="200" rrs="true"/>
  ${ack(1, true)}${PLAY_AUDIO}
  <pause milliseconds="${end.talkMs}"/>
  ${bye(2)}`;
  return `<?xml version="1.0" encoding="ISO-8859-1" ?>\n<scenario name="carrier call">${invite(1, '')}
  <recv response="100" optional="true"/>
  ${rest}\n</scenario>\n`;
}
