import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import net from 'node:net';
import { bracketed } from './edge-values.js';

/** Where to ask a listener on `address`: itself, or loopback for a wildcard. */
export const reachable = (address: string) =>
  address === '0.0.0.0' ? '127.0.0.1' : address === '::' ? '::1' : address;

function options(domain: string, transport: 'UDP' | 'TCP', local: string, port: number) {
  const id = randomBytes(8).toString('hex');
  return (
    `OPTIONS sip:${domain} SIP/2.0\r\n` +
    `Via: SIP/2.0/${transport} ${bracketed(local)}:${port};branch=z9hG4bK-ready-${id};rport\r\n` +
    'Max-Forwards: 70\r\n' +
    `From: <sip:ready@${domain}>;tag=${id}\r\n` +
    `To: <sip:${domain}>\r\n` +
    `Call-ID: ready-${id}@parley\r\n` +
    'CSeq: 1 OPTIONS\r\n' +
    'Content-Length: 0\r\n\r\n'
  );
}

/**
 * Whether the SIP edge answers an OPTIONS to its domain with 200 on `address`:`port`
 * over UDP (or TCP), within `timeoutMs`.
 */
export function sipAnswers(
  address: string,
  port: number,
  domain: string,
  { transport = 'udp', timeoutMs = 1000 }: { transport?: 'udp' | 'tcp'; timeoutMs?: number } = {},
): Promise<boolean> {
  const host = reachable(address);
  return new Promise((resolve) => {
    let done = false;
    const settle = (answer: boolean, close: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      close();
      resolve(answer);
    };
    const answered = (chunk: Buffer) => /^SIP\/2\.0 200 /.test(chunk.toString('latin1'));
    let close = () => {};
    const timer = setTimeout(() => settle(false, close), timeoutMs);
    if (transport === 'tcp') {
      const socket = net.connect(port, host, () =>
        socket.write(options(domain, 'TCP', socket.localAddress ?? host, socket.localPort ?? 0)),
      );
      close = () => socket.destroy();
      socket.once('data', (chunk) => settle(answered(chunk), close));
      socket.once('error', () => settle(false, close));
      return;
    }
    const socket = dgram.createSocket(net.isIPv6(host) ? 'udp6' : 'udp4');
    close = () => socket.close();
    socket.once('error', () => settle(false, close));
    socket.once('message', (chunk) => settle(answered(chunk), close));
    socket.bind(0, () => {
      const text = options(domain, 'UDP', host, socket.address().port);
      socket.send(text, port, host, (err) => err && settle(false, close));
    });
  });
}
