// A trunk played by sipp: its scenario from a TrunkBehaviour, and the process taking one call.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from './helpers.js';
import { sippPorts } from './ports.js';
import { BIND_FAILED, BOUND, keepTraces } from './sipp-run.js';

/** 200 OK to the request just received (its To tag already set). */
const OK_TO_LAST = `
  <send><![CDATA[
      SIP/2.0 200 OK
      [last_Via:]
      [last_From:]
      [last_To:]
      [last_Call-ID:]
      [last_CSeq:]
      Content-Length: 0
  ]]></send>`;

const reply = (status: string, extra = '') => `
  <send><![CDATA[
      SIP/2.0 ${status}
      [last_Via:]
      [last_From:]
      [last_To:];tag=[pid]SIPpTag01[call_number]
      [last_Call-ID:]
      [last_CSeq:]${extra}
      Content-Length: 0
  ]]></send>`;

export interface TrunkBehaviour {
  /** Refuse the call with this final answer (486 busy, 480 no answer…). */
  reject?: number;
  /** Ask for digest credentials first (401: sipp checks Authorization only) and accept only these. */
  challenge?: { username: string; password: string };
  /** The caller ID the INVITE's P-Asserted-Identity must carry. */
  callerId?: string;
  /** The user the INVITE's From must carry, with no display name before it. */
  fromUser?: string;
  /** The payload types the INVITE's SDP must offer, in this order (its m= line). */
  offer?: number[];
  /** Calls it takes, at once or one after another (1). */
  calls?: number;
  /** Ring without answering until the caller cancels. */
  ringUntilCancel?: boolean;
  /** Ring this many milliseconds before answering. */
  answerAfterMs?: number;
  /** Answer, then hang up first after this many milliseconds (the far end's BYE). */
  hangUpAfterMs?: number;
  /** Talk with audio and RTCP of its own (a pcap file, see rtp-pcap.ts) instead of
   * echoing the caller's RTP. */
  playAudio?: string;
}

/**
 * A carrier's trunk: rings, answers (keeping the proxy's Record-Route), waits for BYE;
 * it sends back the RTP it receives (-rtp_echo), or audio of its own. Or it refuses, challenges first, or
 * rings until cancelled, as `behaviour` says; a check that fails fails its run.
 */
function trunkScenario(b: TrunkBehaviour): string {
  const pai =
    (b.callerId
      ? `<ereg regexp="sip:\\${b.callerId}@" search_in="hdr" header="P-Asserted-Identity:" check_it="true" assign_to="pai"/>`
      : '') +
    (b.offer
      ? `<ereg regexp="m=audio [0-9]+ RTP/AVP ${b.offer.join(' ')}[[:cntrl:]]" search_in="body" check_it="true" assign_to="mline"/>`
      : '') +
    (b.fromUser
      ? `<ereg regexp="^[^&quot;]*&lt;sip:\\${b.fromUser}@" search_in="hdr" header="From:" check_it="true" assign_to="from"/>`
      : '');
  // sipp refuses a variable that is assigned and never read.
  const readPai =
    (b.callerId ? '\n  <nop hide="true"><action><log message="[$pai]"/></action></nop>' : '') +
    (b.fromUser ? '\n  <nop hide="true"><action><log message="[$from]"/></action></nop>' : '') +
    (b.offer ? '\n  <nop hide="true"><action><log message="[$mline]"/></action></nop>' : '');
  let steps = '';
  if (b.challenge)
    steps += `
  <recv request="INVITE" crlf="true"/>${reply('401 Unauthorized', '\n      WWW-Authenticate: Digest realm="trunk.example.net", nonce="5f2c1a9b7e", algorithm=MD5')}
  <recv request="ACK"/>
  <recv request="INVITE" crlf="true">
    <action><verifyauth assign_to="authorised" username="${b.challenge.username}" password="${b.challenge.password}"/>${pai}</action>
  </recv>${readPai}
  <nop hide="true" test="authorised" next="authorised"/>${reply('403 Forbidden')}
  <recv request="ACK" next="end"/>
  <label id="authorised"/>`;
  else
    steps += `
  <recv request="INVITE" crlf="true"${b.hangUpAfterMs === undefined ? '' : ' rrs="true"'}>${actions(pai + (b.hangUpAfterMs === undefined ? '' : PARTIES))}</recv>${readPai}`;
  if (b.reject)
    return `${steps}${reply(`${b.reject} Refused`)}
  <recv request="ACK"/>
  <label id="end"/>`;
  steps += reply(
    '180 Ringing',
    '\n      [last_Record-Route:]\n      Contact: <sip:[local_ip]:[local_port];transport=[transport]>',
  );
  if (b.ringUntilCancel)
    return `${steps}
  <recv request="CANCEL"/>${OK_TO_LAST}
  <send><![CDATA[
      SIP/2.0 487 Request Terminated
      [last_Via:]
      [last_From:]
      [last_To:];tag=[pid]SIPpTag01[call_number]
      [last_Call-ID:]
      CSeq: [last_cseq_number] INVITE
      Content-Length: 0
  ]]></send>
  <recv request="ACK"/>
  <label id="end"/>`;
  // Never back to back: the edge's workers may pass a 200 on before the 180 sent just
  // ahead of it, and the caller would take the late 180 for a stray message.
  steps += `\n  <pause milliseconds="${b.answerAfterMs ?? 100}"/>`;
  return `${steps}
  <send retrans="500"><![CDATA[
      SIP/2.0 200 OK
      [last_Via:]
      [last_From:]
      [last_To:];tag=[pid]SIPpTag01[call_number]
      [last_Call-ID:]
      [last_CSeq:]
      [last_Record-Route:]
      Contact: <sip:[local_ip]:[local_port];transport=[transport]>
      Content-Type: application/sdp
      Content-Length: [len]

      v=0
      o=trunk 1 1 IN IP[local_ip_type] [local_ip]
      s=-
      c=IN IP[media_ip_type] [media_ip]
      t=0 0
      m=audio [media_port] RTP/AVP 8
      a=rtpmap:8 PCMA/8000
  ]]></send>
  <recv request="ACK"/>${b.playAudio ? `\n  <nop><action><exec play_pcap_audio="${b.playAudio}"/></action></nop>` : ''}${b.hangUpAfterMs === undefined ? waitForBye : hangUp(b.hangUpAfterMs)}
  <label id="end"/>`;
}

/** Who called and who was called, for the BYE of a trunk that hangs up first. */
const PARTIES =
  '<ereg regexp=".*" search_in="hdr" header="From:" assign_to="caller"/>' +
  '<ereg regexp=".*" search_in="hdr" header="To:" assign_to="callee"/>';
const actions = (inner: string) => (inner ? `<action>${inner}</action>` : '');

/** The far side's BYE, answered: how a trunk's or a softphone's call ends when it does not hang up. */
export const waitForBye = `
  <recv request="BYE"/>${OK_TO_LAST}`;

/** The called side hangs up: its BYE goes back along the route to the caller. */
const hangUp = (afterMs: number) => `
  <pause milliseconds="${afterMs}"/>
  <send retrans="500"><![CDATA[
      BYE [next_url] SIP/2.0
      Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]
      From: [$callee];tag=[pid]SIPpTag01[call_number]
      To: [$caller]
      Call-ID: [call_id]
      CSeq: 1 BYE
      [routes]
      Max-Forwards: 70
      Content-Length: 0
  ]]></send>
  <recv response="200"/>`;

/**
 * A sipp trunk taking one call as `behaviour` says on `port`, with media ports of its own;
 * stopped by its pid. Like sipp(), it starts again on new media ports if one was taken.
 */
export function sippTrunk(port: number, behaviour: TrunkBehaviour = {}) {
  const dir = tempDir('parley-trunk-');
  fs.writeFileSync(
    path.join(dir, 'trunk.xml'),
    `<?xml version="1.0" encoding="ISO-8859-1" ?>\n<scenario name="trunk">${trunkScenario(behaviour)}\n</scenario>\n`,
  );
  let child: ReturnType<typeof spawn> | undefined;
  let stopped = false;
  const runOnce = async () => {
    const media = await sippPorts(true);
    if (stopped) return 143;
    child = spawn(
      'timeout',
      [
        ...BOUND,
        'sipp',
        ...['-sf', 'trunk.xml', '-i', '127.0.0.1', '-p', String(port), ...media],
        ...['-m', String(behaviour.calls ?? 1), '-nostdin', '-timeout', '40'],
        ...(behaviour.playAudio ? [] : ['-rtp_echo']),
        ...(process.env.SIPP_DEBUG ? ['-trace_msg', '-trace_err'] : []),
      ],
      { cwd: dir, stdio: 'ignore' },
    );
    const running = child;
    return new Promise<number>((resolve) => running.once('exit', (code) => resolve(code ?? 1)));
  };
  const exited = (async () => {
    try {
      for (let attempt = 1; ; attempt++) {
        const code = await runOnce();
        if (code !== BIND_FAILED || attempt === 3 || stopped) return code;
      }
    } finally {
      keepTraces(dir);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  })();
  return {
    exited,
    stop() {
      stopped = true;
      // timeout(1) passes SIGTERM on to sipp.
      if (child && child.exitCode === null) child.kill('SIGTERM');
    },
  };
}
