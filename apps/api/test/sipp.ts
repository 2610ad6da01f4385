import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from './helpers.js';
import { sippPorts } from './ports.js';

export { freePort } from './ports.js';

/** SIPP_DEBUG=<file>: sipp's message and error traces are appended there. */
function keepTraces(dir: string) {
  const file = process.env.SIPP_DEBUG;
  if (!file) return;
  for (const f of fs.readdirSync(dir).filter((n) => /(errors|messages)\.log$/.test(n)))
    fs.appendFileSync(file, fs.readFileSync(path.join(dir, f)));
}

/** A failed scenario says why in the test's output: sipp's error log, its tail at most. */
function reportErrors(dir: string) {
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('errors.log')))
    process.stderr.write(
      `sipp ${f}:\n${fs.readFileSync(path.join(dir, f), 'utf8').slice(-4000)}\n`,
    );
}

/** Every sipp runs under timeout(1): it ends by itself even if the test process dies. */
const BOUND = ['--kill-after=5', '90'];

/** sipp's exit code when it cannot bind a socket (-2): nothing was sent, so a retry is safe. */
const BIND_FAILED = 254;

/**
 * Runs sipp once (127.0.0.1 only); resolves with its exit code (0: the scenario passed).
 * It gets fresh media ports (and a SIP port, unless `-p` is given) and, if another process
 * took one of them in the meantime, starts again on new ones.
 */
export async function sipp(args: string[], files: Record<string, string>, timeoutMs = 40_000) {
  for (let attempt = 1; ; attempt++) {
    const ports = await sippPorts(args.includes('-p'));
    const code = await sippOnce([...args, ...ports], files, timeoutMs);
    if (code !== BIND_FAILED || attempt === 3) return code;
  }
}

function sippOnce(args: string[], files: Record<string, string>, timeoutMs: number) {
  const dir = tempDir('parley-sipp-');
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return new Promise<number>((resolve) => {
    execFile(
      'timeout',
      [
        ...BOUND,
        'sipp',
        ...args,
        '-nostdin',
        '-trace_err',
        ...(process.env.SIPP_DEBUG ? ['-trace_msg'] : []),
      ],
      { cwd: dir, timeout: timeoutMs },
      (err) => {
        if (err) reportErrors(dir);
        keepTraces(dir);
        fs.rmSync(dir, { recursive: true, force: true });
        resolve(err ? ((err as { code?: number }).code ?? 1) : 0);
      },
    );
  });
}

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
  const pai = b.callerId
    ? `<ereg regexp="sip:\\${b.callerId}@" search_in="hdr" header="P-Asserted-Identity:" check_it="true" assign_to="pai"/>`
    : '';
  // sipp refuses a variable that is assigned and never read.
  const readPai = b.callerId
    ? '\n  <nop hide="true"><action><log message="[$pai]"/></action></nop>'
    : '';
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
  if (b.answerAfterMs) steps += `\n  <pause milliseconds="${b.answerAfterMs}"/>`;
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

const waitForBye = `
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
        ...['-m', '1', '-nostdin', '-timeout', '40'],
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
const line = (header: string) => (header ? `\n      ${header}` : '');

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

const ack = (cseq: number, inDialog: boolean) => `
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
const bye = (cseq: number) => `
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
