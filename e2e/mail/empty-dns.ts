import dgram from 'node:dgram';

/**
 * The answer "no such name" (NXDOMAIN) to a DNS query: its header marked as an
 * authoritative response, its question echoed, nothing else (an EDNS record is dropped).
 * Null for what is not a query with a whole question.
 */
export function noSuchName(query: Buffer): Buffer | null {
  if (query.length < 12 || (query[2] ?? 0) & 0x80) return null;
  let at = 12;
  while (at < query.length && query[at] !== 0) at += (query[at] ?? 0) + 1;
  // The root label, then the question's type and class.
  const end = at + 5;
  if (end > query.length) return null;
  const answer = Buffer.from(query.subarray(0, end));
  const flags = query[2] ?? 0;
  answer[2] = 0x80 | (flags & 0x78) | 0x04 | (flags & 0x01);
  answer[3] = 0x80 | 3;
  answer.fill(0, 6, 12);
  return answer;
}

/**
 * A DNS server on 127.0.0.1 that knows no name: the e2e server's domain checks
 * (MAIL_DNS_SERVERS) read every record as missing at once, as a real DNS does for
 * records nobody published, with no network needed.
 */
export async function startEmptyDns(port: number) {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (query, peer) => {
    const answer = noSuchName(query);
    if (answer) socket.send(answer, peer.port, peer.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => resolve());
  });
  return { close: () => new Promise<void>((resolve) => socket.close(() => resolve())) };
}
