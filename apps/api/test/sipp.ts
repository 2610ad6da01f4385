import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from './helpers.js';

/** Runs sipp once (127.0.0.1 only); resolves with its exit code (0: the scenario passed). */
export function sipp(args: string[], files: Record<string, string>, timeoutMs = 40_000) {
  const dir = tempDir('parley-sipp-');
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return new Promise<number>((resolve) => {
    execFile(
      'sipp',
      [...args, '-nostdin', '-trace_err', ...(process.env.SIPP_DEBUG ? ['-trace_msg'] : [])],
      { cwd: dir, timeout: timeoutMs },
      (err) => {
        if (process.env.SIPP_DEBUG)
          for (const f of fs
            .readdirSync(dir)
            .filter((n) => n.endsWith('errors.log') || n.endsWith('messages.log')))
            fs.appendFileSync(process.env.SIPP_DEBUG, fs.readFileSync(path.join(dir, f)));
        fs.rmSync(dir, { recursive: true, force: true });
        resolve(err ? ((err as { code?: number }).code ?? 1) : 0);
      },
    );
  });
}

/** A carrier's trunk: rings, answers (keeping the proxy's Record-Route), waits for BYE;
 * it sends back the RTP it receives (-rtp_echo). */
const TRUNK = `<?xml version="1.0" encoding="ISO-8859-1" ?>
<scenario name="trunk">
  <recv request="INVITE" crlf="true"/>
  <send><![CDATA[
      SIP/2.0 180 Ringing
      [last_Via:]
      [last_From:]
      [last_To:];tag=[pid]SIPpTag01[call_number]
      [last_Call-ID:]
      [last_CSeq:]
      [last_Record-Route:]
      Contact: <sip:[local_ip]:[local_port];transport=[transport]>
      Content-Length: 0
  ]]></send>
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
  <recv request="ACK"/>
  <recv request="BYE"/>
  <send><![CDATA[
      SIP/2.0 200 OK
      [last_Via:]
      [last_From:]
      [last_To:]
      [last_Call-ID:]
      [last_CSeq:]
      Content-Length: 0
  ]]></send>
</scenario>
`;

/** A sipp trunk answering one call and waiting for its BYE; stopped by its pid. */
export function sippTrunk(port: number, mediaPort: number) {
  const dir = tempDir('parley-trunk-');
  fs.writeFileSync(path.join(dir, 'trunk.xml'), TRUNK);
  const child = spawn(
    'sipp',
    [
      '-sf',
      'trunk.xml',
      '-i',
      '127.0.0.1',
      '-p',
      String(port),
      '-mp',
      String(mediaPort),
      '-m',
      '1',
      '-nostdin',
      '-timeout',
      '40',
      '-rtp_echo',
    ],
    { cwd: dir, stdio: 'ignore' },
  );
  child.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const exited = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
  return {
    exited,
    stop() {
      if (child.exitCode === null) child.kill('SIGKILL');
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

const invite = (cseq: number, auth: string) => `
  <send retrans="500"><![CDATA[
      INVITE sip:[field1]@[field2] SIP/2.0
      Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]
      From: <sip:[field0]@[field2]>;tag=[call_number]
      To: <sip:[field1]@[field2]>
      Call-ID: [call_id]
      CSeq: ${cseq} INVITE
      Contact: <sip:[field0]@[local_ip]:[local_port]>
      ${auth}
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
      CSeq: ${cseq} ACK
      ${inDialog ? '[routes]' : ''}
      Max-Forwards: 70
      Content-Length: 0
  ]]></send>`;

/**
 * A softphone's call (fields: username; destination; domain; [authentication …]):
 * answered (then it plays sipp's G.711 sample as its voice) and hung up after `talkMs`, answered and ended by the far side (`waitBye`),
 * or refused with `refused` as the final answer.
 */
export function softphoneCall(
  end: { talkMs: number } | { waitBye: true } | { refused: number },
): string {
  const first = `${invite(1, '')}
  <recv response="100" optional="true"/>
  <recv response="407" auth="true"/>
  ${ack(1, false)}
  ${invite(2, '[field3]')}
  <recv response="100" optional="true"/>`;
  let rest: string;
  if ('refused' in end) rest = `<recv response="${end.refused}"/>${ack(2, false)}`;
  else {
    rest = `<recv response="180" optional="true"/>
  <recv response="200" rrs="true"/>
  ${ack(2, true)}${PLAY_AUDIO}`;
    rest +=
      'waitBye' in end
        ? `
  <recv request="BYE"/>
  <send><![CDATA[
      SIP/2.0 200 OK
      [last_Via:]
      [last_From:]
      [last_To:]
      [last_Call-ID:]
      [last_CSeq:]
      Content-Length: 0
  ]]></send>`
        : `
  <pause milliseconds="${end.talkMs}"/>
  <send retrans="500"><![CDATA[
      BYE [next_url] SIP/2.0
      Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]
      From: <sip:[field0]@[field2]>;tag=[call_number]
      To: <sip:[field1]@[field2]>[peer_tag_param]
      Call-ID: [call_id]
      CSeq: 3 BYE
      [routes]
      Max-Forwards: 70
      Content-Length: 0
  ]]></send>
  <recv response="200"/>`;
  }
  return `<?xml version="1.0" encoding="ISO-8859-1" ?>\n<scenario name="softphone call">${first}\n  ${rest}\n</scenario>\n`;
}

/** A UDP (and TCP) port free on 127.0.0.1 now, chosen by the system. */
export async function freePort(): Promise<number> {
  const { createSocket } = await import('node:dgram');
  const { createServer } = await import('node:net');
  for (;;) {
    const udp = createSocket('udp4');
    const port = await new Promise<number>((resolve) =>
      udp.bind(0, '127.0.0.1', () => resolve(udp.address().port)),
    );
    // SIP listens on TCP too: the same number must be free there.
    const tcpFree = await new Promise<boolean>((resolve) => {
      const tcp = createServer().once('error', () => resolve(false));
      tcp.listen(port, '127.0.0.1', () => tcp.close(() => resolve(true)));
    });
    await new Promise<void>((resolve) => udp.close(() => resolve()));
    if (tcpFree) return port;
  }
}
