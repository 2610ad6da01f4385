import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from './helpers.js';

/**
 * A pcap file of one talker for sipp's play_pcap_audio: G.711 A-law RTP every 20 ms on
 * port 10000 and, every second, an RTCP sender report (with its SDES) on port 10001,
 * which sipp sends to the far side's RTP and RTCP ports. A media relay needs those
 * sender reports: the receiver reports that answer them are what call quality (MOS,
 * jitter, loss) is computed from.
 */
export function talkerPcap(seconds: number, ssrc = 0x5a4e11e7): string {
  const records: Buffer[] = [];
  const start = Math.floor(Date.now() / 1000);
  const packets = Math.round(seconds * 50);
  let octets = 0;
  for (let i = 0; i < packets; i += 1) {
    const at = i * 20_000; // microseconds from the start
    const rtp = Buffer.alloc(12 + 160, 0xd5); // A-law silence
    rtp.writeUInt8(0x80, 0);
    rtp.writeUInt8(8, 1); // PCMA
    rtp.writeUInt16BE(i & 0xffff, 2);
    rtp.writeUInt32BE((i * 160) >>> 0, 4);
    rtp.writeUInt32BE(ssrc, 8);
    records.push(record(at, 10000, rtp));
    octets += 160;
    if (i % 50 === 49)
      records.push(record(at + 1000, 10001, senderReport(ssrc, start, at, i, octets)));
  }
  const header = Buffer.alloc(24);
  header.writeUInt32LE(0xa1b2c3d4, 0);
  header.writeUInt16LE(2, 4);
  header.writeUInt16LE(4, 6);
  header.writeUInt32LE(65535, 16); // snap length
  header.writeUInt32LE(1, 20); // Ethernet
  const file = path.join(tempDir('parley-pcap-'), 'talker.pcap');
  fs.writeFileSync(file, Buffer.concat([header, ...records]));
  return file;
}

/** An RTCP compound packet: a sender report, then SDES with a CNAME. */
function senderReport(ssrc: number, start: number, atUs: number, sent: number, octets: number) {
  const sr = Buffer.alloc(28);
  sr.writeUInt8(0x80, 0);
  sr.writeUInt8(200, 1);
  sr.writeUInt16BE(6, 2);
  sr.writeUInt32BE(ssrc, 4);
  sr.writeUInt32BE((start + 2_208_988_800 + Math.floor(atUs / 1e6)) >>> 0, 8); // NTP seconds
  sr.writeUInt32BE(Math.floor(((atUs % 1e6) / 1e6) * 2 ** 32) >>> 0, 12);
  sr.writeUInt32BE((sent * 160) >>> 0, 16);
  sr.writeUInt32BE(sent + 1, 20);
  sr.writeUInt32BE(octets, 24);
  const cname = Buffer.from('trunk@127.0.0.1');
  // SDES: header, SSRC, CNAME item, terminator, padded to 32 bits.
  const itemLength = 2 + cname.length + 1;
  const sdesLength = 4 + 4 + Math.ceil(itemLength / 4) * 4;
  const sdes = Buffer.alloc(sdesLength);
  sdes.writeUInt8(0x81, 0);
  sdes.writeUInt8(202, 1);
  sdes.writeUInt16BE(sdesLength / 4 - 1, 2);
  sdes.writeUInt32BE(ssrc, 4);
  sdes.writeUInt8(1, 8);
  sdes.writeUInt8(cname.length, 9);
  cname.copy(sdes, 10);
  return Buffer.concat([sr, sdes]);
}

/** One captured frame: Ethernet, IPv4 and UDP around `payload`, sent `atUs` in. */
function record(atUs: number, port: number, payload: Buffer): Buffer {
  const udp = Buffer.alloc(8);
  udp.writeUInt16BE(port, 0);
  udp.writeUInt16BE(port, 2);
  udp.writeUInt16BE(8 + payload.length, 4);
  const ip = Buffer.alloc(20);
  ip.writeUInt8(0x45, 0);
  ip.writeUInt16BE(20 + 8 + payload.length, 2);
  ip.writeUInt8(64, 8);
  ip.writeUInt8(17, 9);
  ip.writeUInt32BE(0x7f000001, 12);
  ip.writeUInt32BE(0x7f000001, 16);
  const ethernet = Buffer.alloc(14);
  ethernet.writeUInt16BE(0x0800, 12);
  const frame = Buffer.concat([ethernet, ip, udp, payload]);
  const head = Buffer.alloc(16);
  head.writeUInt32LE(Math.floor(atUs / 1e6), 0);
  head.writeUInt32LE(atUs % 1e6, 4);
  head.writeUInt32LE(frame.length, 8);
  head.writeUInt32LE(frame.length, 12);
  return Buffer.concat([head, frame]);
}
