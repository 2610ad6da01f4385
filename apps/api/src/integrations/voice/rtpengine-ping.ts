import dgram from 'node:dgram';

/**
 * Asks rtpengine's control socket (the ng protocol: a cookie, then a bencoded
 * dictionary) for `ping`; true when it answers `pong` within `timeoutMs`.
 */
export function pingRtpengine(
  control: { address: string; port: number },
  timeoutMs = 500,
): Promise<boolean> {
  const socket = dgram.createSocket(control.address.includes(':') ? 'udp6' : 'udp4');
  const cookie = `parley${Math.random().toString(36).slice(2, 10)}`;
  return new Promise<boolean>((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      socket.close();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.on('error', () => done(false));
    socket.on('message', (msg) => {
      const text = msg.toString('latin1');
      if (text.startsWith(`${cookie} `)) done(text.includes('6:result4:pong'));
    });
    socket.send(`${cookie} d7:command4:pinge`, control.port, control.address);
  });
}
